// Mailed links about an account's address.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../users/users.tables.ts'

// Mailed links about an account's address (ADR 034), only a SHA-256 hash of the secret stored:
// 'verify' proves `email` is the account's mailbox; 'change' applies `email` as the account's new address;
// 'undo' (mailed to the old address) cancels or reverts a change and puts `email` back.
export const emailLinks = pgTable(
  'email_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_links_hash_unique').on(t.tokenHash),
    index('email_links_user_idx').on(t.userId, t.purpose),
    check('email_links_purpose_check', sql`${t.purpose} in ('verify', 'change', 'undo')`),
  ],
)
