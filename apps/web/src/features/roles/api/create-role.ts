import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RoleData, roleDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export function createRole(role: RoleData) {
  return apiRequest<z.infer<typeof roleDocumentSchema>>('roles', {
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
