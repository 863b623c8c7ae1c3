import { useQuery } from '@tanstack/react-query'
import type { ItemResource, ListDocument } from '@teplo/domain'
import { MAX_PAGE_SIZE } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { deviceKeys, toDevice } from './device-document'

/** The caller's devices (the server scopes the list to them), all on one page: the screen has no paging. */
export async function getDevices(signal?: AbortSignal) {
  const document = await apiRequest<ListDocument<ItemResource>>('items', {
    query: { include: 'category', 'page[size]': MAX_PAGE_SIZE },
    signal,
  })
  return document.data.map((item) => toDevice(item, document.included))
}

export function useDevices() {
  return useQuery({ queryKey: deviceKeys.list(), queryFn: ({ signal }) => getDevices(signal), staleTime: 0 })
}
