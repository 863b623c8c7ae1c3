import { useMutation } from '@tanstack/react-query'
import { type LoginTwoFactorInput, operations, type TokenResponse } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { useSignedIn } from './login'

/** The second step of signing in: the challenge and a code from the app, or a recovery code. */
export function loginTwoFactor(input: LoginTwoFactorInput): Promise<TokenResponse> {
  return call(operations.signInSecondFactor, { body: input })
}

export function useLoginTwoFactor() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: signedIn })
}
