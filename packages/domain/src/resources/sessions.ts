import { z } from 'zod'
import { resourceSchema, wireDate } from './document'

/** GET /me/sessions: one signed-in browser or app of the account. */
export const sessionResourceSchema = resourceSchema('sessions', {
  // What the User-Agent says, e.g. 'Chrome 131' and 'Android 14'; null when it said nothing we recognise.
  browser: z.string().nullable(),
  platform: z.string().nullable(),
  // 'mobile', 'tablet', 'desktop', or null when unknown.
  device: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
  user_agent: z.string().nullable(),
  // The address it was last used from (as it signed in until then); null for sessions older than this record.
  address: z.string().nullable(),
  created_at: wireDate,
  last_used_at: wireDate.nullable(),
  expires_at: wireDate,
  // The session this request was made with.
  current: z.boolean(),
})
export type SessionResource = z.infer<typeof sessionResourceSchema>
export const sessionListDocumentSchema = z.object({
  data: z.array(sessionResourceSchema),
  meta: z.object({ total: z.number().int() }),
})
export type SessionListDocument = z.infer<typeof sessionListDocumentSchema>

/** DELETE /me/sessions: how many other sessions were signed out. */
export const sessionsEndedSchema = z.object({ meta: z.object({ ended: z.number().int() }) })

/** POST /live/tickets: a single-use ticket for one `GET /live?ticket=…`, valid `expires_in` seconds. */
export const liveTicketSchema = z.object({
  meta: z.object({ ticket: z.string(), expires_in: z.number().int() }),
})
export type LiveTicket = z.infer<typeof liveTicketSchema>
