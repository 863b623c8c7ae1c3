import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ItemCreateData, itemOperations } from '@teplo/domain'
import { deviceFromDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

/** Registers a device; it stays pending until its controller confirms the returned code (spec §4). */
export async function createDevice(input: ItemCreateData) {
  // The type and the owner's account go as relationships (a new device is pending, off the home page: the
  // server's defaults); the answer also holds the pairing code, in `meta`.
  const document = await call(itemOperations.createItem, {
    body: {
      serial_number: input.serial_number,
      description: input.description,
      name: input.name,
      owner: input.owner,
      category_id: input.category_id,
      ...(input.user_id ? { user_id: input.user_id } : {}),
    },
  })
  const device = deviceFromDocument(document)
  return { device, verificationToken: document.meta.verification_token }
}

export function useCreateDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
