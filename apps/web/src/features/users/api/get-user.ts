import { useQuery } from '@tanstack/react-query'
import { userOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { toUser, type User } from './user-document'
import { userKeys } from './user-keys'

export async function getUser(id: string, signal?: AbortSignal): Promise<User> {
  const document = await call(
    userOperations.getUser,
    { params: { id }, query: { include: 'roles' } },
    { signal },
  )
  return toUser(document.data, document.included)
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) })
}
