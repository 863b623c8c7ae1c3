import { useQuery } from '@tanstack/react-query'
import type { userDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { toUser, type User } from './user-document'
import { userKeys } from './user-keys'

export async function getUser(id: string, signal?: AbortSignal): Promise<User> {
  const document = await apiRequest<z.infer<typeof userDocumentSchema>>(`users/${encodeURIComponent(id)}`, {
    query: { include: 'roles' },
    signal,
  })
  return toUser(document.data, document.included)
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) })
}
