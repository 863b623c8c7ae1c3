import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authOperations } from '@teplo/domain'
import { useNavigate } from 'react-router'
import { clearToken } from '../../../lib/auth-token'
import { call } from '../../../lib/operation-client'

export function logout(): Promise<void> {
  return call(authOperations.signOut, {})
}

/** What this device stops on sign-out while the token still works (its push subscription); at most 3 s. */
export type BeforeSignOut = () => Promise<void>

async function settleWithin(work: Promise<void>, ms: number) {
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))])
}

/** Signs out locally and goes to /login whatever the server answers (spec §4). */
export function useLogout(beforeSignOut?: BeforeSignOut) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async () => {
      if (beforeSignOut) await settleWithin(beforeSignOut(), 3000)
      await logout()
    },
    onSettled: () => {
      clearToken()
      queryClient.clear()
      navigate('/login', { replace: true })
    },
  })
}
