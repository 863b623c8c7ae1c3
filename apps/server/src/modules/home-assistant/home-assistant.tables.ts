// The accounts' connections to their own MQTT brokers for Home Assistant (ADR 062).
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../users/users.tables.ts'

// One per account. The broker password is kept as given: the server needs it to log in (a hash would not do); it
// is never answered. One instance at a time holds the connection: the one whose lease runs (`lease_owner`,
// `lease_until`), renewed while it lives and taken over by another once it lapses.
export const homeAssistantLinks = pgTable(
  'home_assistant_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    brokerUrl: text('broker_url').notNull(),
    username: text('username'),
    password: text('password'),
    discoveryPrefix: text('discovery_prefix').notNull(),
    // null: every device the account owns or is shared (at publishing time).
    itemIds: integer('item_ids').array(),
    // +1 on every change of the connection: the instance holding it connects again with the new one.
    generation: integer('generation').notNull().default(1),
    state: text('state').notNull().default('connecting'),
    // Why the last attempt failed (a stored message, rendered for the reader); null when connected.
    lastError: text('last_error'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    // Retained topics written on the broker (configurations, states, availability): cleared when the connection is
    // removed or a device leaves it, so Home Assistant forgets the entities.
    publishedTopics: text('published_topics').array().notNull().default(sql`'{}'::text[]`),
    publishedItemIds: integer('published_item_ids').array().notNull().default(sql`'{}'::int[]`),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('home_assistant_links_state_check', sql`${t.state} in ('connecting', 'connected', 'failed')`),
  ],
)
