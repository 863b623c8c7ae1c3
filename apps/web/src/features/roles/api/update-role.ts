import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type RoleData, roleOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { roleKeys } from './role-keys'

export function updateRole({ id, ...role }: RoleData & { id: string }) {
  return call(roleOperations.updateRole, { params: { id }, body: role })
}

export function useUpdateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
