import { useEffect, useState } from 'react'
import { onServerRecovered } from './server-reachability'

const RESTART_AFTER_MS = 5000

export type LiveSourceHandlers = {
  /** Listeners by event name. */
  events: Record<string, (event: MessageEvent<string>) => void>
  onOpen?: () => void
  onError?: () => void
}

/**
 * One of the server's event streams (`/api/v2/live…`): opened while `url` is set, reopened after the browser
 * has given up on it (an error answer ends an EventSource for good) and when the server is back. Returns
 * whether it is up; while it is down the caller falls back to polling.
 */
export function useLiveSource(
  url: string | null,
  handlers: LiveSourceHandlers,
  deps: readonly unknown[],
): boolean {
  const [connected, setConnected] = useState(false)
  // Bumped to open a new stream: after the browser has given up on the old one, or when the server is back.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => onServerRecovered(() => setAttempt((value) => value + 1)), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the handlers depend on; a new attempt opens a new stream
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return
    const source = new EventSource(url)
    let retry: ReturnType<typeof setTimeout> | undefined
    source.onopen = () => {
      setConnected(true)
      handlers.onOpen?.()
    }
    source.onerror = () => {
      setConnected(false)
      handlers.onError?.()
      if (source.readyState === EventSource.CLOSED) {
        retry = setTimeout(() => setAttempt((value) => value + 1), RESTART_AFTER_MS)
      }
    }
    for (const [name, listener] of Object.entries(handlers.events)) {
      source.addEventListener(name, (event) => listener(event as MessageEvent<string>))
    }
    return () => {
      clearTimeout(retry)
      source.close()
      setConnected(false)
    }
  }, [url, attempt, ...deps])

  return connected
}
