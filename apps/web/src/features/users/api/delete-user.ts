import { useMutation, useQueryClient } from '@tanstack/react-query'
import { userOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { userKeys } from './user-keys'

export function deleteUser(id: string) {
  return call(userOperations.deleteUser, { params: { id } })
}

/** Lists reload after a delete (spec §4); the deleted user's own record is not fetched again. */
export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, id) => {
      // Marked stale, not refetched: the edit screen that may still show it is about to close.
      queryClient.invalidateQueries({ queryKey: userKeys.detail(id), refetchType: 'none' })
      return queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'list'] })
    },
  })
}
