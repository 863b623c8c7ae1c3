import { useMutation } from '@tanstack/react-query'
import type { PasskeyOptionsDocument, TokenResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { useSignedIn } from './login'

type RequestOptions = Parameters<
  typeof import('@simplewebauthn/browser').startAuthentication
>[0]['optionsJSON']

/** Asks the browser for a passkey answering `options` (its prompt: fingerprint, PIN, security key). */
async function askPasskey(options: PasskeyOptionsDocument) {
  // Loaded on use: the sign-in page's first paint does not need it.
  const { startAuthentication } = await import('@simplewebauthn/browser')
  return startAuthentication({ optionsJSON: options.meta.options as unknown as RequestOptions })
}

/** "Увійти з ключем доступу": a passkey of this site signs in without a password. */
export async function signInWithPasskey(): Promise<TokenResponse> {
  const options = await apiRequest<PasskeyOptionsDocument>('login/passkey/options', {
    method: 'POST',
    auth: false,
  })
  const response = await askPasskey(options)
  return apiRequest<TokenResponse>('login/passkey', { method: 'POST', body: { response }, auth: false })
}

/** The second step with a passkey of the account the password proved. */
export async function confirmWithPasskey(challenge: string): Promise<TokenResponse> {
  const options = await apiRequest<PasskeyOptionsDocument>('login/two-factor/passkey-options', {
    method: 'POST',
    body: { challenge_token: challenge },
    auth: false,
  })
  const passkey = await askPasskey(options)
  return apiRequest<TokenResponse>('login/two-factor', {
    method: 'POST',
    body: { challenge_token: challenge, passkey },
    auth: false,
  })
}

export function usePasskeyLogin() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: signedIn })
}

export function usePasskeySecondFactor() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: confirmWithPasskey, onSuccess: signedIn })
}
