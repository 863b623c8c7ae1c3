import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettingsDocument, NotificationSettingsPatch } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

const settingsKey = ['notification-settings'] as const

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest<NotificationSettingsDocument>('me/notification-settings', { signal }),
  })
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) =>
      apiRequest<NotificationSettingsDocument>('me/notification-settings', {
        method: 'PATCH',
        body: { data: { type: 'notification-settings', attributes: patch } },
      }),
    onSuccess: (document) => queryClient.setQueryData(settingsKey, document),
  })
}
