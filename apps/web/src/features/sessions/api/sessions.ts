import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type SessionResource, sessionOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const sessionsQueryKey = ['me', 'sessions'] as const

/** Where the account is signed in, this browser first. */
export async function fetchSessions(): Promise<SessionResource[]> {
  const document = await call(sessionOperations.listSessions, {})
  return document.data
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: fetchSessions })
}

/** Ends one session elsewhere: its next request is refused, on every server. */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(sessionOperations.endSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

/** "Sign out everywhere else": answers how many sessions ended. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const answer = await call(sessionOperations.endOtherSessions, {})
      return answer.meta.ended
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}
