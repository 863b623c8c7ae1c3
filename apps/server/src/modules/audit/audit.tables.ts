// The change log of a device.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'

// Who did what to a device (ADR 018): written in the transaction of the change; settings and on/off entries
// learn from the controller's acknowledgement whether they were applied.
export const itemAudit = pgTable(
  'item_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as it was, so the log still names someone whose account is gone.
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<
        Record<string, { from: string | number | boolean | null; to: string | number | boolean | null }>
      >()
      .notNull()
      .default({}),
    subjectEmail: text('subject_email'),
    subjectAccess: text('subject_access'),
    // The settings_version a settings or on/off change produced; the controller's ack settles its outcome.
    settingsVersion: integer('settings_version'),
    outcome: text('outcome'),
    reason: text('reason'),
  },
  (t) => [
    index('item_audit_item_idx').on(t.itemId, t.id),
    index('item_audit_pending_idx').on(t.itemId, t.settingsVersion).where(sql`${t.outcome} = 'pending'`),
    check('item_audit_outcome_check', sql`${t.outcome} in ('pending', 'applied', 'refused', 'superseded')`),
  ],
)
