// Sessions (access tokens, password-reset tokens) and their recent password confirmations.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../users/users.tables.ts'

export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'access' (bearer token) or 'password_reset'; only a SHA-256 hash of the secret is stored.
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A session's browser and address as it signed in, and when and from where it was last used (written at
    // most every minute or so, not per request: modules/auth/session-activity.ts). Null for older tokens.
    userAgent: text('user_agent'),
    createdAddress: text('created_address'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastAddress: text('last_address'),
  },
  (t) => [
    uniqueIndex('tokens_hash_unique').on(t.tokenHash),
    index('tokens_user_idx').on(t.userId, t.kind),
    check('tokens_kind_check', sql`${t.kind} in ('access', 'password_reset')`),
  ],
)

// A session's last successful password confirmation (ADR 034): actions that take over an account ask for one
// within the last minutes. In the database, so every instance sees it.
export const reauthentications = pgTable('reauthentications', {
  tokenId: integer('token_id')
    .primaryKey()
    .references(() => tokens.id, { onDelete: 'cascade' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
})
