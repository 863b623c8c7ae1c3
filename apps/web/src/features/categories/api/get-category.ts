import { useQuery } from '@tanstack/react-query'
import { type CategoryResource, categoryOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { categoryKeys } from './category-keys'

export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryResource> {
  return (await call(categoryOperations.getCategory, { params: { id } }, { signal })).data
}

export function useCategory(id: string) {
  return useQuery({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) })
}
