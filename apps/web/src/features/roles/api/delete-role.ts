import { useMutation, useQueryClient } from '@tanstack/react-query'
import { roleOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { roleKeys } from './role-keys'

export function deleteRole(id: string) {
  return call(roleOperations.deleteRole, { params: { id } })
}

/** Lists reload after a delete (spec §4). */
export function useDeleteRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
