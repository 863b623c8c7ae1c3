import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { roleOperations } from '@teplo/domain'
import { type ListParams, listQuery } from '../../../components/ui/data-table-state'
import { call } from '../../../lib/operation-client'
import { roleKeys } from './role-keys'

export function getRoles(params: ListParams, signal?: AbortSignal) {
  return call(roleOperations.listRoles, { query: listQuery(params) }, { signal })
}

/** One page of roles; the previous page stays on screen while the next one loads. */
export function useRoles(params: ListParams) {
  return useQuery({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => getRoles(params, signal),
    placeholderData: keepPreviousData,
  })
}
