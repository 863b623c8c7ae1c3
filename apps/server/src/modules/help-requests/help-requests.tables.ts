// Requests for help sent from the help screen.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../users/users.tables.ts'

export const helpRequests = pgTable('help_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  problem: text('problem').notNull(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
