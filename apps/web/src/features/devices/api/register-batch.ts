import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ItemBatchCreateData, provisioningOperations } from '@teplo/domain'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

/** Registers and pairs many controllers at once (administrators); answers each one's credentials, once. */
export async function registerBatch(input: ItemBatchCreateData) {
  const document = await call(provisioningOperations.registerItemBatch, { body: input })
  return document.data
}

export function useRegisterBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  })
}
