// Mail sent on someone's request, counted against caps.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Mail sent on someone's request, counted against caps (ADR 034): `kind` what was sent, `key` who asked
// (an account id or a client address). Rows older than the longest window are deleted as new ones arrive.
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_requests_key_idx').on(t.kind, t.key, t.createdAt)],
)
