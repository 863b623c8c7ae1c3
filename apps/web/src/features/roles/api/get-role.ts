import { useQuery } from '@tanstack/react-query'
import type { RoleResource, roleDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export async function getRole(id: string, signal?: AbortSignal): Promise<RoleResource> {
  const path = `roles/${encodeURIComponent(id)}`
  return (await apiRequest<z.infer<typeof roleDocumentSchema>>(path, { signal })).data
}

export function useRole(id: string) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) })
}
