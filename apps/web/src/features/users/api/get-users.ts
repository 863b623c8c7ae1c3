import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type PageMeta, userOperations } from '@teplo/domain'
import { type ListParams, listQuery } from '../../../components/ui/data-table-state'
import { call } from '../../../lib/operation-client'
import { toUser, type User } from './user-document'
import { userKeys } from './user-keys'

export async function getUsers(
  params: ListParams,
  signal?: AbortSignal,
): Promise<{ users: User[]; page: PageMeta }> {
  const document = await call(
    userOperations.listUsers,
    { query: { include: 'roles', ...listQuery(params) } },
    { signal },
  )
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
