import { useQueryClient } from '@tanstack/react-query'
import { useAccessToken } from '../../../lib/auth-token'
import { storeDevice } from '../../../lib/items/item-cache'
import { deviceFromDocument, isItemDocument } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { useLiveSource } from '../../../lib/live-source'
import { reportServerAnswer, reportServerFailure } from '../../../lib/server-reachability'

/** The device's stream under the API; its ticket is added when it opens. */
export function livePath(itemId: string): string {
  return `/live?${new URLSearchParams({ item_id: itemId })}`
}

/**
 * Follows the server's event stream for one device and writes each `item` event into the query cache,
 * wherever that device is shown.
 * Returns whether the stream is up; while it is down the caller falls back to polling.
 */
export function useLiveDevice(itemId: string | undefined): boolean {
  const queryClient = useQueryClient()
  const token = useAccessToken()
  // Signed in: each stream opens with a single-use ticket asked for with the session's token.
  const path = itemId && token ? livePath(itemId) : null
  return useLiveSource(
    path,
    {
      onOpen: reportServerAnswer,
      // The browser reconnects by itself after a network error; polling covers the gap meanwhile. A stopped
      // server shows as such within seconds (the failure is checked against /health).
      onError: reportServerFailure,
      events: {
        item: (event) => {
          let document: unknown
          try {
            document = JSON.parse(event.data)
          } catch {
            return
          }
          if (!isItemDocument(document) || document.data.id !== itemId) return
          storeDevice(queryClient, deviceFromDocument(document))
        },
        // A deleted device, or the user's access to it revoked (ADR 018): re-reading it answers 404, which clears
        // the selection and reloads the lists.
        deleted: () => {
          void queryClient.invalidateQueries({ queryKey: itemKeys.all })
        },
        revoked: () => {
          void queryClient.invalidateQueries({ queryKey: itemKeys.all })
        },
      },
    },
    [itemId, queryClient, token],
  )
}
