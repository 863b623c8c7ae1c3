import { useMutation } from '@tanstack/react-query'
import type { LoginTwoFactorInput, TokenResponse } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { useSignedIn } from './login'
import { signInDeclarations } from './sign-in-declarations'

/** The second step of signing in: the challenge and a code from the app, or a recovery code. */
export async function loginTwoFactor(input: LoginTwoFactorInput): Promise<TokenResponse> {
  const { authOperations } = await signInDeclarations()
  return call(authOperations.signInSecondFactor, { body: input })
}

export function useLoginTwoFactor() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: signedIn })
}
