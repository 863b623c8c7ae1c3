import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserUpdateData, userDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { userKeys } from './user-keys'

/** PATCH users/{id} with any of name, roles, email, password (+confirmation), profile_image. */
export function updateUser({ id, changes }: { id: string; changes: UserUpdateData }) {
  const { roles, ...attributes } = changes
  return apiRequest<z.infer<typeof userDocumentSchema>>(`users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: {
      data: {
        type: 'users',
        id,
        attributes,
        ...(roles ? { relationships: { roles: { data: roles } } } : {}),
      },
    },
  })
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
