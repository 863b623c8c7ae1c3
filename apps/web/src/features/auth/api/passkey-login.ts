import { useMutation } from '@tanstack/react-query'
import type { PasskeyLoginInput, PasskeyOptionsDocument, TokenResponse } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { useSignedIn } from './login'
import { signInDeclarations } from './sign-in-declarations'

type RequestOptions = Parameters<
  typeof import('@simplewebauthn/browser').startAuthentication
>[0]['optionsJSON']

/** Asks the browser for a passkey answering `options` (its prompt: fingerprint, PIN, security key). */
async function askPasskey(options: PasskeyOptionsDocument): Promise<PasskeyLoginInput['response']> {
  // Loaded on use: the sign-in page's first paint does not need it.
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const answer = await startAuthentication({ optionsJSON: options.meta.options as unknown as RequestOptions })
  // The library's extension results are an interface the domain reads as a record of any extension.
  return answer as PasskeyLoginInput['response']
}

/** "Увійти з ключем доступу": a passkey of this site signs in without a password. */
export async function signInWithPasskey(): Promise<TokenResponse> {
  const { passkeyOperations } = await signInDeclarations()
  const options = await call(passkeyOperations.startPasskeySignIn, {})
  const response = await askPasskey(options)
  return call(passkeyOperations.signInWithPasskey, { body: { response } })
}

/** The second step with a passkey of the account the password proved. */
export async function confirmWithPasskey(challenge: string): Promise<TokenResponse> {
  const { authOperations, passkeyOperations } = await signInDeclarations()
  const options = await call(passkeyOperations.startPasskeySecondFactor, {
    body: { challenge_token: challenge },
  })
  const passkey = await askPasskey(options)
  return call(authOperations.signInSecondFactor, { body: { challenge_token: challenge, passkey } })
}

export function usePasskeyLogin() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: signedIn })
}

export function usePasskeySecondFactor() {
  const signedIn = useSignedIn()
  return useMutation({ mutationFn: confirmWithPasskey, onSuccess: signedIn })
}
