import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SERVICE_SETTINGS_TYPE, type ServiceSettingsPatch } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { itemKeys } from '../../../lib/items/item-keys'
import { type ServiceSettingsDocument, serviceSettingsKey } from './get-service-settings'

export interface ServiceSettingsChange {
  itemId: string
  values: ServiceSettingsPatch
}

export function updateServiceSettings({ itemId, values }: ServiceSettingsChange) {
  return apiRequest<ServiceSettingsDocument>(`items/${encodeURIComponent(itemId)}/service-settings`, {
    method: 'PATCH',
    body: { data: { type: SERVICE_SETTINGS_TYPE, id: itemId, attributes: values } },
  })
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
