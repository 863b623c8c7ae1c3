import { ApiRequestError } from './api-client'
import { domainMessage } from './domain-messages'

/**
 * What to tell a person when the server refused (a 4xx with a reason: no right, a conflict, a rule): the server's
 * own sentence, in the interface's language. Anything else (no answer, a server error) gets the fallback, which
 * may speak of the connection; a refusal never does.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError) || error.status < 400 || error.status >= 500) return fallback
  const detail = error.errors[0]?.detail
  return detail ? domainMessage(detail) : fallback
}
