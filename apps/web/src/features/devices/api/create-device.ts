import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ItemCreateData, itemCreatedDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { deviceFromDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'

// POST items also answers the pairing code, in `meta`.
type CreatedDocument = z.infer<typeof itemCreatedDocumentSchema>

/** Registers a device; it stays pending until its controller confirms the returned code (spec §4). */
export async function createDevice(input: ItemCreateData) {
  const document = await apiRequest<CreatedDocument>('items', {
    method: 'POST',
    body: {
      data: {
        type: 'items',
        attributes: {
          serial_number: input.serial_number,
          description: input.description,
          excerpt: input.description,
          name: input.name,
          owner: input.owner,
          status: 'pending',
          is_on_homepage: false,
        },
        relationships: {
          category: { data: { type: 'categories', id: input.category_id } },
          ...(input.user_id ? { user: { data: { type: 'users', id: input.user_id } } } : {}),
        },
      },
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
