// The single-use tickets of the live event streams.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { tokens } from '../auth/auth.tables.ts'

// A single-use ticket for one live stream (EventSource cannot send headers, and a long-lived token in a URL ends
// up in proxies' logs): valid seconds, bound to the session that asked for it, taken by whichever instance the
// stream reaches.
export const liveTickets = pgTable(
  'live_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_tickets_expires_idx').on(t.expiresAt)],
)
