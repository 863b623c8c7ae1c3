import { useMutation, useQueryClient } from '@tanstack/react-query'
import { profileOperations } from '@teplo/domain'
import { useNavigate } from 'react-router'
import { clearToken } from '../../../lib/auth-token'
import { call } from '../../../lib/operation-client'

/** Where a deleted account ends: the sign-in page, which says the account is gone. */
export const SIGNED_OUT_PATH = '/login'
/** Read once by the sign-in page (see login-form.tsx). */
export const ACCOUNT_DELETED_NOTICE = 'teplo.account-deleted'

/**
 * The server deletes only with the current password (422 on current_password otherwise): an account is not
 * deleted from a borrowed, unlocked screen.
 */
export async function deleteAccount(password: string): Promise<void> {
  await call(profileOperations.deleteAccount, { body: { current_password: password } })
}

/** Deletes the account after its password, signs out and shows the sign-in page with a clear message. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      sessionStorage.setItem(ACCOUNT_DELETED_NOTICE, '1')
      clearToken()
      queryClient.clear()
      return navigate(SIGNED_OUT_PATH, { replace: true })
    },
  })
}
