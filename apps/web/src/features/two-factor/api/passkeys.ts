import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type PasskeyCreateInput, type PasskeyResource, passkeyOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const passkeysQueryKey = ['me', 'passkeys'] as const

type CreationOptions = Parameters<
  typeof import('@simplewebauthn/browser').startRegistration
>[0]['optionsJSON']

export async function fetchPasskeys(): Promise<PasskeyResource[]> {
  return (await call(passkeyOperations.listPasskeys, {})).data
}

export const usePasskeys = () => useQuery({ queryKey: passkeysQueryKey, queryFn: fetchPasskeys })

/** The password, then the browser's prompt to make a passkey for this site, then the server keeps it. */
export async function addPasskey(input: { password: string; name: string }): Promise<void> {
  const options = await call(passkeyOperations.startPasskeyCreation, {
    body: { current_password: input.password },
  })
  const { startRegistration } = await import('@simplewebauthn/browser')
  const response = await startRegistration({
    optionsJSON: options.meta.options as unknown as CreationOptions,
  })
  // The library's extension results are an interface the domain reads as a record of any extension.
  const made = response as PasskeyCreateInput['response']
  await call(passkeyOperations.addPasskey, { body: { response: made, name: input.name.trim() || undefined } })
}

export async function removePasskey(input: { id: string; password: string }): Promise<void> {
  await call(passkeyOperations.removePasskey, {
    params: { id: input.id },
    body: { current_password: input.password },
  })
}

export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  })
}

export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  })
}
