// The roles an administrator manages.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/columns.ts'

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
)
