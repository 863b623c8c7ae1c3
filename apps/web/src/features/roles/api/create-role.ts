import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type RoleData, roleOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { roleKeys } from './role-keys'

export function createRole(role: RoleData) {
  return call(roleOperations.createRole, { body: role })
}

export function useCreateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
