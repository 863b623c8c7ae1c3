import { useQueries, useQuery } from '@tanstack/react-query'
import { itemErrorOperations, REFRESH_INTERVAL_MS } from '@teplo/domain'
import { itemsQueryOptions } from '../../../lib/items/get-items'
import { withoutPending } from '../../../lib/items/item-document'
import { call } from '../../../lib/operation-client'
import { itemErrorKeys } from './item-error-keys'

/** How many unarchived errors a device has: one row is asked for, the total comes in meta.page. */
export async function getActiveFaultCount(itemId: string, signal?: AbortSignal): Promise<number> {
  const document = await call(
    itemErrorOperations.listItemErrors,
    { query: { item_id: itemId, 'page[size]': 1 } },
    { signal },
  )
  return document.meta.page.total
}

/**
 * Active faults over the user's devices, for the menu; re-read with the dashboard's rhythm. Undefined until
 * every device has answered, so the menu never shows a count that is too low.
 */
export function useActiveFaultCount({ enabled }: { enabled: boolean }): number | undefined {
  // The errors screen's list of devices, shared with it through the cache.
  const devices = useQuery({ ...itemsQueryOptions({ sort: 'name' }), select: withoutPending, enabled })
  return useQueries({
    queries: (devices.data ?? []).map((device) => ({
      queryKey: itemErrorKeys.count(device.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getActiveFaultCount(device.id, signal),
      refetchInterval: REFRESH_INTERVAL_MS,
      staleTime: 0,
    })),
    combine: (results) =>
      devices.data && results.every((result) => result.data !== undefined)
        ? results.reduce((sum, result) => sum + (result.data ?? 0), 0)
        : undefined,
  })
}
