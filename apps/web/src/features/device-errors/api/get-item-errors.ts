import { useQuery } from '@tanstack/react-query'
import { type ItemErrorResource, itemErrorOperations, MAX_PAGE_SIZE } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { itemErrorKeys } from './item-error-keys'

/** Unarchived error events of one device, newest first. */
export async function getItemErrors(itemId: string, signal?: AbortSignal): Promise<ItemErrorResource[]> {
  const document = await call(
    itemErrorOperations.listItemErrors,
    { query: { item_id: itemId, 'page[size]': MAX_PAGE_SIZE } },
    { signal },
  )
  return document.data
}

export function useItemErrors(itemId: string, { refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: itemErrorKeys.list(itemId),
    queryFn: ({ signal }) => getItemErrors(itemId, signal),
    staleTime: 0,
    refetchInterval,
  })
}
