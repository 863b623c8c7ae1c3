import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type OperationAnswer, operationPath, operations, type UserCreateData } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { userKeys } from './user-keys'

const create = operations.createUser

/**
 * POST users with the role as a relationship (spec §3, §7); answers the new user's document. Sent by hand: a
 * declared call sends a flat body's members as attributes.
 */
export function createUser({ roles, ...attributes }: UserCreateData) {
  return apiRequest<OperationAnswer<typeof create>>(operationPath(create), {
    method: create.method,
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
