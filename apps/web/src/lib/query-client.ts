import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api-client'

/** Retries only what may succeed on a second try: network failures and server errors. */
function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= 2) return false
  return !(error instanceof ApiRequestError) || error.isNetworkError || error.status >= 500
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
