import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ItemClaimInput, itemOperations } from '@teplo/domain'
import { deviceFromDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

/** Takes a paired device over with its serial and the installer's owner code. */
export async function claimDevice(input: ItemClaimInput) {
  const document = await call(itemOperations.claimItem, {
    body: { serial_number: String(input.serial_number), code: String(input.code) },
  })
  return deviceFromDocument(document)
}

export function useClaimDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: claimDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
