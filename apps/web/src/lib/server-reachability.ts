import { useSyncExternalStore } from 'react'

/** How often a lost server is asked again, and how long one question may take. */
export const PROBE_INTERVAL_MS = 3000
export const PROBE_TIMEOUT_MS = 3000
const HEALTH_URL = '/health'

export interface Reachability {
  reachable: boolean
  /** When the server was found unreachable (ms since epoch); null while it is reachable. */
  lostAt: number | null
}

let state: Reachability = { reachable: true, lostAt: null }
let probing = false
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()
const recoveryListeners = new Set<() => void>()

function setState(next: Reachability) {
  if (next.reachable === state.reachable) return
  const recovered = next.reachable && !state.reachable
  state = next
  for (const listener of listeners) listener()
  if (recovered) for (const listener of recoveryListeners) listener()
}

async function askServer(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_URL, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    return response.ok
  } catch {
    return false
  }
}

async function probe() {
  if (probing) return
  probing = true
  clearTimeout(timer)
  const ok = await askServer()
  probing = false
  if (ok) {
    setState({ reachable: true, lostAt: null })
    return
  }
  setState({ reachable: false, lostAt: state.lostAt ?? Date.now() })
  // Keep asking until it answers; the screen recovers by itself.
  timer = setTimeout(() => void probe(), PROBE_INTERVAL_MS)
}

/**
 * A request or the live stream failed in a way a lost server would explain: ask the server directly, so one
 * dropped request does not raise the alarm and a stopped server does within seconds.
 */
export function reportServerFailure() {
  void probe()
}

/** An answer came from the server. */
export function reportServerAnswer() {
  if (state.reachable) return
  clearTimeout(timer)
  setState({ reachable: true, lostAt: null })
}

export function getReachability(): Reachability {
  return state
}

/** Runs `listener` each time the server answers again after being lost. */
export function onServerRecovered(listener: () => void): () => void {
  recoveryListeners.add(listener)
  return () => recoveryListeners.delete(listener)
}

// The device going offline (an installed app without a network) is asked about at once, so the screen says so
// even when everything it shows came from memory; back online, the server is asked again without waiting.
let watchingNetwork = false
function watchNetwork() {
  if (watchingNetwork || typeof window === 'undefined') return
  watchingNetwork = true
  window.addEventListener('offline', () => reportServerFailure())
  window.addEventListener('online', () => {
    if (!state.reachable) void probe()
  })
  if (navigator.onLine === false) reportServerFailure()
}

function subscribe(listener: () => void) {
  watchNetwork()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the server answers; components re-render when that changes. */
export function useReachability(): Reachability {
  return useSyncExternalStore(subscribe, getReachability)
}

/** Back to "reachable" with nothing pending (tests). */
export function resetReachability() {
  clearTimeout(timer)
  probing = false
  state = { reachable: true, lostAt: null }
}
