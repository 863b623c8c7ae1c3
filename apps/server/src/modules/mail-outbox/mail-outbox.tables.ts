// Account mail waiting for or done by the mail worker.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Account mail that must not be lost to an SMTP outage (ADR 033's handover notices): written rendered, in the
// transaction of the change it tells about, sent by a worker on any instance (SKIP LOCKED, a lease) with retries.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // What it is, for logs and tests: 'handover-notice'.
    kind: text('kind').notNull(),
    message: jsonb('message').$type<{ to: string; subject: string; text: string; html?: string }>().notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    check('mail_outbox_state_check', sql`${t.state} in ('pending', 'sent', 'failed')`),
  ],
)
