import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Document, RoleData, RoleResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export function createRole(role: RoleData) {
  return apiRequest<Document<RoleResource>>('roles', {
    method: 'POST',
    body: { data: { type: 'roles', attributes: role } },
  })
}

export function useCreateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
