import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ItemManageData } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { deviceFromDocument, type ItemDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'

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
  const { category_id: categoryId, user_id: userId, ...attributes } = changes
  const document = await apiRequest<ItemDocument>(`items/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: {
      data: {
        type: 'items',
        id,
        attributes,
        relationships: {
          category: { data: { type: 'categories', id: categoryId } },
          ...(userId ? { user: { data: { type: 'users', id: userId } } } : {}),
        },
      },
    },
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
