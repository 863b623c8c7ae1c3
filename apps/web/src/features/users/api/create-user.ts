import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type UserCreateData, userOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { userKeys } from './user-keys'

/** POST users with the roles as a relationship (spec §3, §7); answers the new user's document. */
export function createUser(user: UserCreateData) {
  return call(userOperations.createUser, { body: user })
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
