import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { roleListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { type ListParams, listQuery } from '../../../components/ui/data-table-state'
import { apiRequest } from '../../../lib/api-client'
import { roleKeys } from './role-keys'

export function getRoles(params: ListParams, signal?: AbortSignal) {
  return apiRequest<z.infer<typeof roleListDocumentSchema>>('roles', { query: listQuery(params), signal })
}

/** One page of roles; the previous page stays on screen while the next one loads. */
export function useRoles(params: ListParams) {
  return useQuery({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => getRoles(params, signal),
    placeholderData: keepPreviousData,
  })
}
