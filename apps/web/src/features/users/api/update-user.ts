import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type UserUpdateData, userOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { userKeys } from './user-keys'

/** PATCH users/{id} with any of name, roles (a relationship), email, password (+confirmation), profile_image. */
export function updateUser({ id, changes }: { id: string; changes: UserUpdateData }) {
  return call(userOperations.updateUser, { params: { id }, body: changes })
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
