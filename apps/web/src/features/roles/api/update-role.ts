import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RoleData, roleDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export function updateRole({ id, ...role }: RoleData & { id: string }) {
  return apiRequest<z.infer<typeof roleDocumentSchema>>(`roles/${encodeURIComponent(id)}`, {
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
