import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api-client'

/**
 * A refusal that says when to come back soon (429: a third heavy read of the account at once; 503: the server
 * gives the boilers' readings the machine first, or it is stopping): read again then.
 */
const BUSY_WAIT_MAX_SECONDS = 10
const BUSY_RETRIES = 5

function busyWait(error: unknown): number | null {
  if (
    !(error instanceof ApiRequestError) ||
    (error.status !== 429 && error.status !== 503) ||
    error.retryAfterSeconds === null
  )
    return null
  return error.retryAfterSeconds <= BUSY_WAIT_MAX_SECONDS ? error.retryAfterSeconds : null
}

/** Retries only what may succeed on a second try: network failures, server errors and a short 429 or 503. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (busyWait(error) !== null) return failureCount < BUSY_RETRIES
  if (failureCount >= 2) return false
  return !(error instanceof ApiRequestError) || error.isNetworkError || error.status >= 500
}

/** A 429's or 503's own Retry-After; otherwise TanStack Query's backoff (1 s, 2 s, … up to 30 s). */
export function retryDelay(failureCount: number, error: unknown) {
  const wait = busyWait(error)
  return wait !== null ? wait * 1000 : Math.min(1000 * 2 ** failureCount, 30_000)
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
