import { useQuery } from '@tanstack/react-query'
import type { CategoryResource, ItemResource, ItemStatus, ListDocument } from '@teplo/domain'
import { MAX_PAGE_SIZE } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

/** What the profile page shows of a device. */
export interface OwnDevice {
  id: string
  name: string
  status: ItemStatus
  verificationCode: string | null
  type: string | null
  createdAt: string
}

function typeName(item: ItemResource, included: ListDocument<ItemResource>['included']): string | null {
  const linked = item.relationships?.category?.data
  if (!linked || Array.isArray(linked)) return null
  const found = included?.find((entry) => entry.type === 'categories' && entry.id === linked.id)
  return (found as CategoryResource | undefined)?.attributes.name ?? null
}

/** The signed-in user's own devices, newest first. */
export async function getMyDevices(userId: string, signal?: AbortSignal): Promise<OwnDevice[]> {
  const document = await apiRequest<ListDocument<ItemResource>>('items', {
    query: {
      include: 'category',
      'filter[user_id]': userId,
      'page[size]': MAX_PAGE_SIZE,
      sort: '-created_at',
    },
    signal,
  })
  return document.data.map((item) => ({
    id: item.id,
    name: item.attributes.name,
    status: item.attributes.status,
    verificationCode: item.attributes.verification_token ?? null,
    type: typeName(item, document.included),
    createdAt: item.attributes.created_at,
  }))
}

export function useMyDevices(userId: string) {
  return useQuery({
    queryKey: ['own-devices', userId],
    queryFn: ({ signal }) => getMyDevices(userId, signal),
  })
}
