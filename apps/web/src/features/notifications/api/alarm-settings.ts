import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AlarmSettingsAttributes, AlarmSettingsDocument, AlarmSettingsPatch } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

const alarmSettingsKey = (itemId: string) => ['alarm-settings', itemId] as const
const path = (itemId: string) => `items/${encodeURIComponent(itemId)}/alarm-settings`

/** A device's alarm thresholds: silence, overheat, frost and days of fuel left. */
export function useAlarmSettings(itemId: string) {
  return useQuery({
    queryKey: alarmSettingsKey(itemId),
    queryFn: async ({ signal }): Promise<AlarmSettingsAttributes> =>
      (await apiRequest<AlarmSettingsDocument>(path(itemId), { signal })).data.attributes,
  })
}

export function useUpdateAlarmSettings(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (attributes: AlarmSettingsPatch): Promise<AlarmSettingsAttributes> =>
      (
        await apiRequest<AlarmSettingsDocument>(path(itemId), {
          method: 'PATCH',
          body: { data: { type: 'alarm-settings', id: itemId, attributes } },
        })
      ).data.attributes,
    onSuccess: (settings) => queryClient.setQueryData(alarmSettingsKey(itemId), settings),
  })
}
