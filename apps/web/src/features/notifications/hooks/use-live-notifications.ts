import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { API_BASE } from '../../../lib/api-client'
import { useAccessToken } from '../../../lib/auth-token'
import { onServerRecovered } from '../../../lib/server-reachability'
import { notificationKeys } from '../api/notifications'

const RESTART_AFTER_MS = 5000

/**
 * The account's event stream (`/live` without a device): each `notifications` event says the account's
 * notifications changed, and the bell's list is read again. Returns whether the stream is up.
 */
export function useLiveNotifications(enabled: boolean): boolean {
  const queryClient = useQueryClient()
  const token = useAccessToken()
  const [connected, setConnected] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => onServerRecovered(() => setAttempt((value) => value + 1)), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens a new stream
  useEffect(() => {
    if (!enabled || !token || typeof EventSource === 'undefined') return
    const source = new EventSource(`${API_BASE}/live?${new URLSearchParams({ access_token: token })}`)
    let retry: ReturnType<typeof setTimeout> | undefined
    source.onopen = () => setConnected(true)
    source.onerror = () => {
      setConnected(false)
      if (source.readyState === EventSource.CLOSED) {
        retry = setTimeout(() => setAttempt((value) => value + 1), RESTART_AFTER_MS)
      }
    }
    source.addEventListener('notifications', () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
    })
    return () => {
      clearTimeout(retry)
      source.close()
      setConnected(false)
    }
  }, [enabled, token, queryClient, attempt])

  return connected
}
