import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CategoryData, CategoryResource, Document } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { categoryKeys } from './category-keys'

export function updateCategory({ id, ...category }: CategoryData & { id: string }) {
  return apiRequest<Document<CategoryResource>>(`categories/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { data: { type: 'categories', id, attributes: category } },
  })
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
