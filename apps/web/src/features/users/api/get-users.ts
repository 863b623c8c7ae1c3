import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PageMeta, userListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { type ListParams, listQuery } from '../../../components/ui/data-table-state'
import { apiRequest } from '../../../lib/api-client'
import { toUser, type User } from './user-document'
import { userKeys } from './user-keys'

export async function getUsers(
  params: ListParams,
  signal?: AbortSignal,
): Promise<{ users: User[]; page: PageMeta }> {
  const document = await apiRequest<z.infer<typeof userListDocumentSchema>>('users', {
    query: { include: 'roles', ...listQuery(params) },
    signal,
  })
  return { users: document.data.map((user) => toUser(user, document.included)), page: document.meta.page }
}

/** One page of users with their roles; the previous page stays on screen while the next one loads. */
export function useUsers(params: ListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  })
}
