import { useMutation, useQueryClient } from '@tanstack/react-query'
import { categoryOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { categoryKeys } from './category-keys'

export function deleteCategory(id: string) {
  return call(categoryOperations.deleteCategory, { params: { id } })
}

/** Lists reload after a delete (spec §4). */
export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
