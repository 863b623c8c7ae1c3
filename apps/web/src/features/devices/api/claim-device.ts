import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ItemClaimInput } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { deviceFromDocument, type ItemDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'

/** Takes a paired device over with its serial and the installer's owner code. */
export async function claimDevice(input: ItemClaimInput) {
  const document = await apiRequest<ItemDocument>('items/claim', {
    method: 'POST',
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
