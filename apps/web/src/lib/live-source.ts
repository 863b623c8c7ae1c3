import { useEffect, useState } from 'react'
import { liveStreamUrl } from './live-ticket'
import { onServerRecovered } from './server-reachability'

/** After a stream failed, a new one (with a new ticket) within 1–5 s, spread so that browsers do not all come at once. */
const reopenDelayMs = () => 1000 + Math.floor(Math.random() * 4000)

export type LiveSourceHandlers = {
  /** Listeners by event name. */
  events: Record<string, (event: MessageEvent<string>) => void>
  onOpen?: () => void
  onError?: () => void
}

/**
 * One of the server's event streams (`/live…` under the API, e.g. `/live?item_id=7`): opened while `path` is
 * set, each time with a fresh single-use ticket. A ticket opens one stream only, so the browser's own reconnect
 * (same address) would be refused: after an error the stream is closed here and reopened with a new ticket, and
 * again when the server is back. Returns whether it is up; while it is down the caller falls back to polling.
 */
export function useLiveSource(
  path: string | null,
  handlers: LiveSourceHandlers,
  deps: readonly unknown[],
): boolean {
  const [connected, setConnected] = useState(false)
  // Bumped to open a new stream: after the old one failed, or when the server is back.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => onServerRecovered(() => setAttempt((value) => value + 1)), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the handlers depend on; a new attempt opens a new stream
  useEffect(() => {
    if (!path || typeof EventSource === 'undefined') return
    const abort = new AbortController()
    let source: EventSource | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    const reopenLater = () => {
      clearTimeout(retry)
      retry = setTimeout(() => setAttempt((value) => value + 1), reopenDelayMs())
    }
    liveStreamUrl(path, abort.signal).then(
      (url) => {
        if (abort.signal.aborted) return
        const opened = new EventSource(url)
        source = opened
        opened.onopen = () => {
          setConnected(true)
          handlers.onOpen?.()
        }
        opened.onerror = () => {
          opened.close()
          setConnected(false)
          handlers.onError?.()
          reopenLater()
        }
        for (const [name, listener] of Object.entries(handlers.events)) {
          opened.addEventListener(name, (event) => listener(event as MessageEvent<string>))
        }
      },
      () => {
        // No ticket (server away, session over: the API client has handled a 401): try again later.
        if (abort.signal.aborted) return
        handlers.onError?.()
        reopenLater()
      },
    )
    return () => {
      abort.abort()
      clearTimeout(retry)
      source?.close()
      setConnected(false)
    }
  }, [path, attempt, ...deps])

  return connected
}
