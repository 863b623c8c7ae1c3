import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ItemManageData, itemOperations } from '@teplo/domain'
import { deviceFromDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

/**
 * The edit screen sends every management field but the status and the owner's name, which follows the owner's
 * account; `user_id` hands the device to another account (administrators).
 */
export type DeviceChanges = Required<Omit<ItemManageData, 'status' | 'owner'>> & { user_id?: string }

/**
 * Saves the management fields. The status is not sent: it is shown, not edited, and a stale copy
 * (say 'connecting' after the controller came back) would be refused by the server.
 */
export async function updateDevice(id: string, changes: DeviceChanges) {
  // The type and the owner's account (category_id, user_id) go as relationships.
  const { user_id: userId, ...rest } = changes
  const document = await call(itemOperations.updateItem, {
    params: { id },
    body: { ...rest, ...(userId ? { user_id: userId } : {}) },
  })
  return deviceFromDocument(document)
}

export function useUpdateDevice(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: DeviceChanges) => updateDevice(id, changes),
    // The device and every list showing it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
