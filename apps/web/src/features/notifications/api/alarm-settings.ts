import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type AlarmSettingsAttributes, type AlarmSettingsPatch, alarmOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

const alarmSettingsKey = (itemId: string) => ['alarm-settings', itemId] as const

/** A device's alarm thresholds: silence, overheat, frost and days of fuel left. */
export function useAlarmSettings(itemId: string) {
  return useQuery({
    queryKey: alarmSettingsKey(itemId),
    queryFn: async ({ signal }): Promise<AlarmSettingsAttributes> =>
      (await call(alarmOperations.getAlarmSettings, { params: { id: itemId } }, { signal })).data.attributes,
  })
}

export function useUpdateAlarmSettings(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (attributes: AlarmSettingsPatch): Promise<AlarmSettingsAttributes> =>
      (await call(alarmOperations.updateAlarmSettings, { params: { id: itemId }, body: attributes })).data
        .attributes,
    onSuccess: (settings) => queryClient.setQueryData(alarmSettingsKey(itemId), settings),
  })
}
