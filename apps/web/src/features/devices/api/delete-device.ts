import { useMutation, useQueryClient } from '@tanstack/react-query'
import { itemOperations } from '@teplo/domain'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

export function deleteDevice(id: string): Promise<void> {
  return call(itemOperations.deleteItem, { params: { id } })
}

/** Deletes a device; every list reloads whatever the outcome, since a 404 means it is gone already. */
export function useDeleteDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
