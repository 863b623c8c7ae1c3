import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type CategoryData, categoryOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { categoryKeys } from './category-keys'

export function createCategory(category: CategoryData) {
  return call(categoryOperations.createCategory, { body: category })
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
