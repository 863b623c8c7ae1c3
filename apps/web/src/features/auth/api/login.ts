import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginData, LoginResponse, TokenResponse, TwoFactorChallenge } from '@teplo/domain'
import { setToken } from '../../../lib/auth-token'
import { call } from '../../../lib/operation-client'
import { profileQueryKey } from './get-profile'
import { signInDeclarations } from './sign-in-declarations'

export async function login(credentials: LoginData): Promise<LoginResponse> {
  const { authOperations } = await signInDeclarations()
  return call(authOperations.signIn, { body: credentials })
}

/** The password was right, and the account asks for a second factor before a session (ADR 041). */
export function isTwoFactorChallenge(response: LoginResponse): response is TwoFactorChallenge {
  return 'meta' in response
}

/** Keeps the session's token and forgets any profile of a previous session. */
export function useSignedIn() {
  const queryClient = useQueryClient()
  return (response: TokenResponse) => {
    queryClient.removeQueries({ queryKey: profileQueryKey })
    setToken(response.access_token)
  }
}

/** Signs in: stores the token, unless a second factor is asked for first. */
export function useLogin() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (!isTwoFactorChallenge(response)) signedIn(response)
    },
  })
}
