import { LIVE_TICKET_TTL_SECONDS, type LiveTicket } from '@teplo/domain'
import { eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { liveTickets } from './live.tables.ts'

/**
 * A single-use ticket for `GET /live?ticket=…`, bound to the session that asked (EventSource cannot send an
 * Authorization header, and a bearer token in a URL stays in proxies' logs for its month). Stored in the
 * database, so that the stream may reach another instance than the one that issued it.
 */
export async function issueLiveTicket(db: Database, tokenId: number): Promise<LiveTicket> {
  const ticket = generateSecret()
  // Tickets nobody used are swept as new ones are issued.
  await db.delete(liveTickets).where(lt(liveTickets.expiresAt, new Date()))
  await db.insert(liveTickets).values({
    ticketHash: sha256(ticket),
    tokenId,
    expiresAt: new Date(Date.now() + LIVE_TICKET_TTL_SECONDS * 1000),
  })
  return { meta: { ticket, expires_in: LIVE_TICKET_TTL_SECONDS } }
}

/** Takes a ticket (it is gone after this, whatever the answer): the session it opens, or null. */
export async function takeLiveTicket(db: Database, ticket: string): Promise<number | null> {
  const [row] = await db
    .delete(liveTickets)
    .where(eq(liveTickets.ticketHash, sha256(ticket)))
    .returning({ tokenId: liveTickets.tokenId, expiresAt: liveTickets.expiresAt })
  if (!row || row.expiresAt.getTime() <= Date.now()) return null
  return row.tokenId
}
