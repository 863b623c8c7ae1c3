import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type NotificationSettingsPatch, notificationOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

const settingsKey = ['notification-settings'] as const

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(notificationOperations.getNotificationSettings, {}, { signal }),
  })
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) =>
      call(notificationOperations.updateNotificationSettings, { body: patch }),
    onSuccess: (document) => queryClient.setQueryData(settingsKey, document),
  })
}
