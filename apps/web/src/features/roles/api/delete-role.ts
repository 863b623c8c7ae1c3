import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export function deleteRole(id: string) {
  return apiRequest<void>(`roles/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** Lists reload after a delete (spec §4). */
export function useDeleteRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
