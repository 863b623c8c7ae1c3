// Personal API tokens (ADR 060) and the devices a limited one may reach.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'

// A token an account made for its own scripts and integrations: it acts with its owner's rights, narrowed to its
// scopes and (unless all_items) to the devices listed in api_token_items. Only a SHA-256 hash of the secret is
// stored; the first characters (`teplo_pat_` and a few of the secret) are kept so the list can tell tokens apart.
// Deleting a token deletes its row: a token that is not found is refused (401) like an expired one.
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, shown in the list (never enough to use it). */
    prefix: text('prefix').notNull(),
    /** 'read' and/or 'control'; 'control' is always stored with 'read'. */
    scopes: text('scopes').array().notNull(),
    /** True: every device the owner can reach, now and later; false: only those in api_token_items. */
    allItems: boolean('all_items').notNull().default(true),
    /** Null: does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdAddress: text('created_address'),
    // When and from where it was last used (written in batches, not per request, like a session's activity).
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastAddress: text('last_address'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    check(
      'api_tokens_scopes_check',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['read', 'control']::text[]`,
    ),
  ],
)

// The devices a limited token (all_items false) may reach; a device that is deleted leaves the list.
export const apiTokenItems = pgTable(
  'api_token_items',
  {
    tokenId: integer('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.itemId] }), index('api_token_items_item_idx').on(t.itemId)],
)
