import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserCreateData, userDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { userKeys } from './user-keys'

/** POST users with the role as a relationship (spec §3, §7); answers the new user's document. */
export function createUser({ roles, ...attributes }: UserCreateData) {
  return apiRequest<z.infer<typeof userDocumentSchema>>('users', {
    method: 'POST',
    body: { data: { type: 'users', attributes, relationships: { roles: { data: roles } } } },
  })
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
