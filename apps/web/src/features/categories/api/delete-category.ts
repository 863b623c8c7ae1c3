import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { categoryKeys } from './category-keys'

export function deleteCategory(id: string) {
  return apiRequest<void>(`categories/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** Lists reload after a delete (spec §4). */
export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
