import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PasswordResetData, TokenResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { setToken } from '../../../lib/auth-token'
import { profileQueryKey } from './get-profile'

export function resetPassword(reset: PasswordResetData): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('password-reset', { method: 'POST', body: reset, auth: false })
}

/** Sets the new password with the e-mailed token and signs in with the token the server answers. */
export function usePasswordReset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      queryClient.removeQueries({ queryKey: profileQueryKey })
      setToken(response.access_token)
    },
  })
}
