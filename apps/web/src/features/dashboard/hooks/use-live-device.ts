import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { API_BASE } from '../../../lib/api-client'
import { useAccessToken } from '../../../lib/auth-token'
import { storeDevice } from '../../../lib/items/item-cache'
import { deviceFromDocument, isItemDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { onServerRecovered, reportServerAnswer, reportServerFailure } from '../../../lib/server-reachability'

export function liveUrl(itemId: string, token: string): string {
  const query = new URLSearchParams({ item_id: itemId, access_token: token })
  return `${API_BASE}/live?${query}`
}

const RESTART_AFTER_MS = 5000

/**
 * Follows the server's event stream for one device and writes each `item` event into the query cache,
 * wherever that device is shown.
 * Returns whether the stream is up; while it is down the caller falls back to polling.
 */
export function useLiveDevice(itemId: string | undefined): boolean {
  const queryClient = useQueryClient()
  const token = useAccessToken()
  const [connected, setConnected] = useState(false)
  // Bumped to open a new stream: after the browser has given up on the old one, or when the server is back.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => onServerRecovered(() => setAttempt((value) => value + 1)), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens a new stream
  useEffect(() => {
    if (!itemId || !token || typeof EventSource === 'undefined') return
    // EventSource cannot send headers, so the stream takes the token in its address.
    const source = new EventSource(liveUrl(itemId, token))
    source.onopen = () => {
      setConnected(true)
      reportServerAnswer()
    }
    // The browser reconnects by itself after a network error; polling covers the gap meanwhile. A stopped
    // server shows as such within seconds (the failure is checked against /health).
    let retry: ReturnType<typeof setTimeout> | undefined
    source.onerror = () => {
      setConnected(false)
      reportServerFailure()
      // An error answer (a proxy's 502) ends the stream for good: open a new one a little later.
      if (source.readyState === EventSource.CLOSED) {
        retry = setTimeout(() => setAttempt((value) => value + 1), RESTART_AFTER_MS)
      }
    }
    source.addEventListener('item', (event) => {
      let document: unknown
      try {
        document = JSON.parse((event as MessageEvent<string>).data)
      } catch {
        return
      }
      if (!isItemDocument(document) || document.data.id !== itemId) return
      storeDevice(queryClient, deviceFromDocument(document))
    })
    // A deleted device, or the user's access to it revoked (ADR 018): re-reading it answers 404, which clears the
    // selection and reloads the lists.
    const gone = () => void queryClient.invalidateQueries({ queryKey: itemKeys.all })
    source.addEventListener('deleted', gone)
    source.addEventListener('revoked', gone)
    return () => {
      clearTimeout(retry)
      source.close()
      setConnected(false)
    }
  }, [itemId, token, queryClient, attempt])

  return connected
}
