// Webhooks and their deliveries (ADR 061).
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../users/users.tables.ts'

// An account's subscription of a URL to device events. The signing secret is kept as given: the server needs it
// to sign every delivery (a hash would not do), and it is answered once, at creation.
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    // null: every device the account can see (at delivery time).
    itemIds: integer('item_ids').array(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // Why the server turned it off (a stored message, rendered for the reader); null otherwise.
    disabledReason: text('disabled_reason'),
    // Failed attempts in a row since the last delivery that arrived.
    failures: integer('failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
)

// The outbox of events to webhooks and their log: written where the event happened (one instance), sent by a
// worker on any instance (FOR UPDATE SKIP LOCKED, a lease), retried with backoff for WEBHOOK_RETRY_HOURS.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    // The device the event is about (its access is checked again before each attempt); null for a test.
    itemId: integer('item_id'),
    // The JSON body, byte for byte what every attempt sends (the signature covers it).
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'delivered', 'failed', 'skipped')`),
  ],
)
