import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Document, ItemCreateData, ItemResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { deviceKeys, toDevice } from './device-document'

type CreatedDocument = Document<ItemResource, { verification_token?: string }>

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
        relationships: { category: { data: { type: 'categories', id: input.category_id } } },
      },
    },
  })
  const device = toDevice(document.data, document.included)
  return { device, verificationToken: document.meta?.verification_token ?? device.verification_token ?? '' }
}

export function useCreateDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.list() }),
  })
}
