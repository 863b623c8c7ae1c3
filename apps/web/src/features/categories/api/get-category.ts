import { useQuery } from '@tanstack/react-query'
import type { CategoryResource, Document } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { categoryKeys } from './category-keys'

export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryResource> {
  const path = `categories/${encodeURIComponent(id)}`
  return (await apiRequest<Document<CategoryResource>>(path, { signal })).data
}

export function useCategory(id: string) {
  return useQuery({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) })
}
