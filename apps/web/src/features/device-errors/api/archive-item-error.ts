import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ItemErrorResource, itemErrorOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { itemErrorKeys } from './item-error-keys'

export function archiveItemError(id: string): Promise<void> {
  return call(itemErrorOperations.archiveItemError, { params: { id } })
}

/** Archiving removes the event from the list at once (spec §4), then the list is re-read. */
export function useArchiveItemError() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: archiveItemError,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<ItemErrorResource[]>({ queryKey: itemErrorKeys.lists() }, (rows) =>
        rows?.filter((row) => row.id !== id),
      )
      // The lists and the menu's count of active faults.
      return queryClient.invalidateQueries({ queryKey: itemErrorKeys.all })
    },
  })
}
