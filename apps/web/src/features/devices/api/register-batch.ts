import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeviceCredentialsListDocument, ItemBatchCreateData } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { itemKeys } from '../../../lib/items/item-keys'

/** Registers and pairs many controllers at once (administrators); answers each one's credentials, once. */
export async function registerBatch(input: ItemBatchCreateData) {
  const document = await apiRequest<DeviceCredentialsListDocument>('items/batch', {
    method: 'POST',
    body: input,
  })
  return document.data
}

export function useRegisterBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
