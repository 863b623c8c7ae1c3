// The device types (categories).
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/columns.ts'

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  ...timestamps,
})
