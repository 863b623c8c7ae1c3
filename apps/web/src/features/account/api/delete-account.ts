import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { apiRequest } from '../../../lib/api-client'
import { clearToken } from '../../../lib/auth-token'
import { checkPassword } from '../../../lib/check-password'

/** Where a deleted account ends: the sign-in page, which says the account is gone. */
export const SIGNED_OUT_PATH = '/login'
/** Read once by the sign-in page (see login-form.tsx). */
export const ACCOUNT_DELETED_NOTICE = 'teplo.account-deleted'

/** The password is checked first: deleting an account is not done on a borrowed, unlocked screen. */
export async function deleteAccount(password: string): Promise<void> {
  await checkPassword(password)
  await apiRequest<void>('me', { method: 'DELETE' })
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
