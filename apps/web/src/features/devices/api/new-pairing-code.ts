import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { itemCreatedDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { itemKeys } from '../../../lib/items/item-keys'

type PairingCodeDocument = z.infer<typeof itemCreatedDocumentSchema>

/** A new pairing code for a verified device (re-pairing); the current controller keeps working until it is used. */
export async function newPairingCode(id: string): Promise<string> {
  const document = await apiRequest<PairingCodeDocument>(`items/${encodeURIComponent(id)}/pairing-code`, {
    method: 'POST',
  })
  return document.meta.verification_token
}

export function useNewPairingCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: newPairingCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
