import { useQuery } from '@tanstack/react-query'
import type { ItemErrorResource, itemErrorListDocumentSchema } from '@teplo/domain'
import { MAX_PAGE_SIZE } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { itemErrorKeys } from './item-error-keys'

/** Unarchived error events of one device, newest first. */
export async function getItemErrors(itemId: string, signal?: AbortSignal): Promise<ItemErrorResource[]> {
  const document = await apiRequest<z.infer<typeof itemErrorListDocumentSchema>>('item-errors', {
    query: { item_id: itemId, 'page[size]': MAX_PAGE_SIZE },
    signal,
  })
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
