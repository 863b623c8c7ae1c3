import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ItemSettingsGroup, itemOperations } from '@teplo/domain'
import { storeDevice } from '../../../lib/items/item-cache'
import { type Device, deviceFromDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

/** One settings group of spec §7 (heater, tank, gas, power, mode or toggle), empty fields already dropped. */
export type SettingsValues = Record<string, number | boolean | string>

export interface SettingsChange {
  id: string
  group: ItemSettingsGroup
  values: SettingsValues
}

export async function updateDeviceSettings({ id, values }: SettingsChange): Promise<Device> {
  const document = await call(itemOperations.updateItem, { params: { id }, body: values })
  return deviceFromDocument(document)
}

/** Sends one group; the answer (with its sync status) is shown at once, then every device is re-read. */
export function useUpdateDeviceSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDeviceSettings,
    onSuccess: (device) => {
      storeDevice(queryClient, device)
      void queryClient.invalidateQueries({ queryKey: itemKeys.all })
    },
  })
}
