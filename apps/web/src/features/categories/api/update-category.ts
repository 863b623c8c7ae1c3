import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CategoryData, categoryDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { categoryKeys } from './category-keys'

export function updateCategory({ id, ...category }: CategoryData & { id: string }) {
  return apiRequest<z.infer<typeof categoryDocumentSchema>>(`categories/${encodeURIComponent(id)}`, {
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
