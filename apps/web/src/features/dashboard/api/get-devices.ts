import { useQuery } from '@tanstack/react-query'
import { type ItemResource, type ListDocument, MAX_PAGE_SIZE } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { type Device, dashboardKeys, toDevice } from './device'

/** All devices of a user, in the server's order (spec §7: include=category, filter[user_id], no cache). */
export async function getDevices(userId: string, signal?: AbortSignal): Promise<Device[]> {
  const document = await apiRequest<ListDocument<ItemResource>>('items', {
    query: {
      include: 'category',
      'filter[user_id]': userId,
      'page[size]': MAX_PAGE_SIZE,
      // Cache-busting timestamp: a proxy must never answer with an old list.
      _: Date.now(),
    },
    noCache: true,
    signal,
  })
  return document.data.map((resource) => toDevice(resource, document.included))
}

export function useDevices(userId: string) {
  return useQuery({
    queryKey: dashboardKeys.devices(userId),
    queryFn: ({ signal }) => getDevices(userId, signal),
    // A device added on another screen shows up when the user comes back.
    staleTime: 0,
  })
}
