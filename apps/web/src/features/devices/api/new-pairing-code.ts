import { useMutation, useQueryClient } from '@tanstack/react-query'
import { provisioningOperations } from '@teplo/domain'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

/** A new pairing code for a verified device (re-pairing); the current controller keeps working until it is used. */
export async function newPairingCode(id: string): Promise<string> {
  const document = await call(provisioningOperations.issuePairingCode, { params: { id } })
  return document.meta.verification_token
}

export function useNewPairingCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: newPairingCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
