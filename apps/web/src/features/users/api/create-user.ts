import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Document, UserCreateData, UserResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { userKeys } from './user-keys'

/** POST users with the role as a relationship (spec §3, §7); answers the new user's document. */
export function createUser({ roles, ...attributes }: UserCreateData) {
  return apiRequest<Document<UserResource>>('users', {
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
