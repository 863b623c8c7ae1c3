import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type CategoryData, categoryOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { categoryKeys } from './category-keys'

export function updateCategory({ id, ...category }: CategoryData & { id: string }) {
  return call(categoryOperations.updateCategory, { params: { id }, body: category })
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
