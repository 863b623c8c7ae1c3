import { useQueryClient } from '@tanstack/react-query'
import { useAccessToken } from '../../../lib/auth-token'
import { useLiveSource } from '../../../lib/live-source'
import { notificationKeys } from '../api/notifications'

/**
 * The account's event stream (`/live` without a device): each `notifications` event says the account's
 * notifications changed, and the bell's list (and the open alarms shown) are read again. An event sent while no
 * stream was open (before the first one opened, or between a failure and the reopening) is never delivered, so
 * they are read again whenever a stream opens. Returns whether the stream is up.
 */
export function useLiveNotifications(enabled: boolean): boolean {
  const queryClient = useQueryClient()
  const token = useAccessToken()
  // Signed in: the stream's ticket is asked for with the session's token.
  const path = enabled && token ? '/live' : null
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
  }
  return useLiveSource(
    path,
    {
      onOpen: readAgain,
      events: {
        notifications: readAgain,
      },
    },
    [queryClient, token],
  )
}
