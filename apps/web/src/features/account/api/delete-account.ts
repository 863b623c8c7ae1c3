import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { apiRequest } from '../../../lib/api-client'
import { clearToken } from '../../../lib/auth-token'

export const SIGNED_OUT_PATH = '/authentication/signin/basic'

export function deleteAccount(): Promise<void> {
  return apiRequest<void>('me', { method: 'DELETE' })
}

/** Deletes the account, shows the sign-in page of spec §2 and signs out locally. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const deleted = useRef(false)

  // Signs out once the settings screen is gone: while it still shows, the guard of the signed-in
  // area would answer the missing token with a trip to /login instead.
  useEffect(
    () => () => {
      if (!deleted.current) return
      clearToken()
      queryClient.clear()
    },
    [queryClient],
  )

  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      deleted.current = true
      return navigate(SIGNED_OUT_PATH, { replace: true })
    },
  })
}
