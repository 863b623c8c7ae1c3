import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Document, ItemResource, ItemSettingsGroup } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { type Device, dashboardKeys, deviceFromDocument } from './device'

/** One settings group of spec §7 (heater, tank, gas, power, mode or toggle), empty fields already dropped. */
export type SettingsValues = Record<string, number | boolean | string>

export interface SettingsChange {
  id: string
  group: ItemSettingsGroup
  values: SettingsValues
}

export async function updateDeviceSettings({ id, values }: SettingsChange): Promise<Device> {
  const document = await apiRequest<Document<ItemResource>>(`items/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { data: { type: 'items', id, attributes: values } },
  })
  return deviceFromDocument(document)
}

/** Sends one group; the answer (with its sync status) is shown at once, then the device is re-read. */
export function useUpdateDeviceSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDeviceSettings,
    onSuccess: (device, change) => {
      const key = dashboardKeys.device(change.id)
      // The PATCH answer carries no category; keep the one already shown.
      queryClient.setQueryData<Device>(key, (previous) => ({
        ...device,
        categoryName: device.categoryName ?? previous?.categoryName ?? null,
      }))
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
    },
  })
}
