import { useQuery } from '@tanstack/react-query'
import type { Document, RoleResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export async function getRole(id: string, signal?: AbortSignal): Promise<RoleResource> {
  const document = await apiRequest<Document<RoleResource>>(`roles/${encodeURIComponent(id)}`, { signal })
  return document.data
}

export function useRole(id: string) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) })
}
