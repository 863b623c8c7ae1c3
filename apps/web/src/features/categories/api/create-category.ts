import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type CategoryData, operations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { categoryKeys } from './category-keys'

export function createCategory(category: CategoryData) {
  return call(operations.createCategory, { body: category })
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
