import { useQuery } from '@tanstack/react-query'
import { type RoleResource, roleOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { roleKeys } from './role-keys'

export async function getRole(id: string, signal?: AbortSignal): Promise<RoleResource> {
  return (await call(roleOperations.getRole, { params: { id } }, { signal })).data
}

export function useRole(id: string) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) })
}
