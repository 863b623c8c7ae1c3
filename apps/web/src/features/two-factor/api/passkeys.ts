import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PasskeyListDocument, PasskeyOptionsDocument, PasskeyResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

export const passkeysQueryKey = ['me', 'passkeys'] as const

type CreationOptions = Parameters<
  typeof import('@simplewebauthn/browser').startRegistration
>[0]['optionsJSON']

export async function fetchPasskeys(): Promise<PasskeyResource[]> {
  return (await apiRequest<PasskeyListDocument>('me/passkeys')).data
}

export const usePasskeys = () => useQuery({ queryKey: passkeysQueryKey, queryFn: fetchPasskeys })

/** The password, then the browser's prompt to make a passkey for this site, then the server keeps it. */
export async function addPasskey(input: { password: string; name: string }): Promise<void> {
  const options = await apiRequest<PasskeyOptionsDocument>('me/passkeys/options', {
    method: 'POST',
    body: { current_password: input.password },
  })
  const { startRegistration } = await import('@simplewebauthn/browser')
  const response = await startRegistration({
    optionsJSON: options.meta.options as unknown as CreationOptions,
  })
  await apiRequest('me/passkeys', {
    method: 'POST',
    body: { response, name: input.name.trim() || undefined },
  })
}

export async function removePasskey(input: { id: string; password: string }): Promise<void> {
  await apiRequest<void>(`me/passkeys/${encodeURIComponent(input.id)}`, {
    method: 'DELETE',
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
