import { liveTicketSchema } from '../resources/sessions'
import { defineOperation, SIGNED_IN } from './operation'

/** A ticket opens one stream within this many seconds of being asked for, or never. */
export const LIVE_TICKET_TTL_SECONDS = 30

// The event stream itself (`GET /live`) is no declared operation: it authenticates by the ticket in its query
// (EventSource sends no header) and answers a stream, not a document.
export const liveOperations = {
  createLiveTicket: defineOperation({
    id: 'createLiveTicket',
    method: 'POST',
    path: '/live/tickets',
    tag: 'live',
    summary: `A single-use ticket for one \`GET /live?ticket=…\`, valid ${LIVE_TICKET_TTL_SECONDS} s, bound to this session`,
    access: SIGNED_IN,
    status: 200,
    response: liveTicketSchema,
  }),
}
