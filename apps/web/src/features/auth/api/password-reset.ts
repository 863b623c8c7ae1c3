import { useMutation } from '@tanstack/react-query'
import { type LoginResponse, type PasswordResetData, passwordResetOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { isTwoFactorChallenge, useSignedIn } from './login'

export function resetPassword(reset: PasswordResetData): Promise<LoginResponse> {
  return call(passwordResetOperations.resetPassword, { body: reset })
}

/**
 * Sets the new password with the e-mailed token and signs in with the token the server answers; with
 * two-factor sign-in on, the server answers a challenge instead and the code is asked next.
 */
export function usePasswordReset() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      if (!isTwoFactorChallenge(response)) signedIn(response)
    },
  })
}
