import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CategoryData, categoryDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { categoryKeys } from './category-keys'

export function createCategory(category: CategoryData) {
  return apiRequest<z.infer<typeof categoryDocumentSchema>>('categories', {
    method: 'POST',
    body: { data: { type: 'categories', attributes: category } },
  })
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
