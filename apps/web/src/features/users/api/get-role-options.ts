import { useQuery } from '@tanstack/react-query'
import { MAX_PAGE_SIZE, roleLabel, roleOperations } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'
import { call } from '../../../lib/operation-client'

export interface RoleOption {
  value: string
  label: string
}

export async function getRoleOptions(signal?: AbortSignal): Promise<RoleOption[]> {
  const document = await call(
    roleOperations.listRoles,
    { query: { sort: 'name', 'page[size]': MAX_PAGE_SIZE, 'page[number]': 1 } },
    { signal },
  )
  return document.data.map((role) => ({
    value: role.id,
    label: roleLabel(role.attributes.name, currentLanguage()),
  }))
}

/** Every role by name for the role select; under the 'roles' key so a role change refreshes it. */
export function useRoleOptions() {
  return useQuery({ queryKey: ['roles', 'options'], queryFn: ({ signal }) => getRoleOptions(signal) })
}
