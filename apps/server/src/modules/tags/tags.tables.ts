// The tags.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/columns.ts'

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#17a2b8'),
  ...timestamps,
})
