import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type OperationAnswer, operationPath, operations, type UserUpdateData } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { userKeys } from './user-keys'

const update = operations.updateUser

/**
 * PATCH users/{id} with any of name, roles, email, password (+confirmation), profile_image; the roles as a
 * relationship, so sent by hand (a declared call sends a flat body's members as attributes).
 */
export function updateUser({ id, changes }: { id: string; changes: UserUpdateData }) {
  const { roles, ...attributes } = changes
  return apiRequest<OperationAnswer<typeof update>>(operationPath(update, { id }), {
    method: update.method,
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
