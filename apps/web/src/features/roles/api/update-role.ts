import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Document, RoleData, RoleResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export function updateRole({ id, ...role }: RoleData & { id: string }) {
  return apiRequest<Document<RoleResource>>(`roles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { data: { type: 'roles', id, attributes: role } },
  })
}

export function useUpdateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
