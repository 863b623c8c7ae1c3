import { useMutation } from '@tanstack/react-query'
import type { LoginTwoFactorInput, TokenResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { useSignedIn } from './login'

/** The second step of signing in: the challenge and a code from the app, or a recovery code. */
export function loginTwoFactor(input: LoginTwoFactorInput): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('login/two-factor', { method: 'POST', body: input, auth: false })
}

export function useLoginTwoFactor() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: signedIn })
}
