import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SessionListDocument, SessionResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

export const sessionsQueryKey = ['me', 'sessions'] as const

/** Where the account is signed in, this browser first. */
export async function fetchSessions(): Promise<SessionResource[]> {
  const document = await apiRequest<SessionListDocument>('me/sessions')
  return document.data
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: fetchSessions })
}

/** Ends one session elsewhere: its next request is refused, on every server. */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

/** "Sign out everywhere else": answers how many sessions ended. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const answer = await apiRequest<{ meta: { ended: number } }>('me/sessions', { method: 'DELETE' })
      return answer.meta.ended
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}
