import { useQuery } from '@tanstack/react-query'
import type { CategoryResource, categoryDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { categoryKeys } from './category-keys'

export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryResource> {
  const path = `categories/${encodeURIComponent(id)}`
  return (await apiRequest<z.infer<typeof categoryDocumentSchema>>(path, { signal })).data
}

export function useCategory(id: string) {
  return useQuery({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) })
}
