import { useQueryClient } from '@tanstack/react-query'
import { useAccessToken } from '../../../lib/auth-token'
import { useLiveSource } from '../../../lib/live-source'
import { notificationKeys } from '../api/notifications'

/**
 * The account's event stream (`/live` without a device): each `notifications` event says the account's
 * notifications changed, and the bell's list (and the open alarms shown) are read again. Returns whether the
 * stream is up.
 */
export function useLiveNotifications(enabled: boolean): boolean {
  const queryClient = useQueryClient()
  const token = useAccessToken()
  // Signed in: the stream's ticket is asked for with the session's token.
  const path = enabled && token ? '/live' : null
  return useLiveSource(
    path,
    {
      events: {
        notifications: () => {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
        },
      },
    },
    [queryClient, token],
  )
}
