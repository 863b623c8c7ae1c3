// Access to a device besides its owner's.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/columns.ts'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'

// Access to a device besides its owner's (items.user_id), one level per account (ADR 018).
export const itemShares = pgTable(
  'item_shares',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    access: text('access').notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('item_shares_item_user_unique').on(t.itemId, t.userId),
    index('item_shares_user_idx').on(t.userId),
    check('item_shares_access_check', sql`${t.access} in ('installer', 'operator', 'viewer')`),
  ],
)
