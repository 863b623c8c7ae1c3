import { liveOperations } from '@teplo/domain'
import { API_BASE } from './api-client'
import { currentLanguage } from './i18n'
import { call } from './operation-client'

/**
 * A stream's address with a fresh single-use ticket (`POST /live/tickets`): EventSource cannot send the bearer
 * token as a header, and the server refuses it in the address (it would stay in proxies' logs). `path` is the
 * stream under the API, e.g. `/live?item_id=7`.
 */
export async function liveStreamUrl(path: string, signal?: AbortSignal): Promise<string> {
  const ticket = await call(liveOperations.createLiveTicket, {}, { signal })
  const separator = path.includes('?') ? '&' : '?'
  // The screen's language for the texts the documents carry (EventSource sends the browser's, not the screen's).
  const query = new URLSearchParams({ ticket: ticket.meta.ticket, ui_language: currentLanguage() })
  return `${API_BASE}${path}${separator}${query}`
}
