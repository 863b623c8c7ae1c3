import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ServiceSettingsPatch, serviceSettingsOperations } from '@teplo/domain'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'
import { serviceSettingsKey } from './get-service-settings'

export interface ServiceSettingsChange {
  itemId: string
  values: ServiceSettingsPatch
}

export function updateServiceSettings({ itemId, values }: ServiceSettingsChange) {
  return call(serviceSettingsOperations.updateServiceSettings, { params: { id: itemId }, body: values })
}

/** Sends the changed parameters; the answer (pending) is shown at once, and the devices' sync state is re-read. */
export function useUpdateServiceSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateServiceSettings,
    onSuccess: (document, { itemId }) => {
      queryClient.setQueryData(serviceSettingsKey(itemId), document)
      void queryClient.invalidateQueries({ queryKey: itemKeys.all })
    },
  })
}
