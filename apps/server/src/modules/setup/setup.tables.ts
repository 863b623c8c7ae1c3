// The one-time links that create the first administrator.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// One-time links that create the first administrator of an installation started without demo accounts
// (ADR 044): printed at start while no administrator exists, only a SHA-256 hash of the secret stored, all
// deleted once an administrator exists.
export const setupLinks = pgTable('setup_links', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
