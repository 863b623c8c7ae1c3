import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { itemKeys } from '../../../lib/items/item-keys'

export function deleteDevice(id: string): Promise<void> {
  return apiRequest<void>(`items/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** Deletes a device; every list reloads whatever the outcome, since a 404 means it is gone already. */
export function useDeleteDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
