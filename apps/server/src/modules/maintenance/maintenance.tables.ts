import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'

// The maintenance reminders of a device (ADR 059): one row per device and task once anything is known of it — an
// installer's interval, the last time it was done, or the periodic check's estimate of when it falls due. A
// device without rows has the defaults, counted from its registration.
export const maintenanceTasks = pgTable(
  'maintenance_tasks',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** One of the domain's MAINTENANCE_TASKS. */
    task: text('task').notNull(),
    /** The installer's interval in the task's unit; null: the default. */
    intervalValue: integer('interval_value'),
    lastDoneAt: timestamp('last_done_at', { withTimezone: true }),
    lastNote: text('last_note'),
    /**
     * When the task falls due, as the last look at the device estimated it (the periodic check, a task done, an
     * interval changed): what the installer's fleet is sorted by. Null: the readings cannot say.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.task] }),
    index('maintenance_tasks_due_idx').on(t.itemId, t.dueAt),
    check(
      'maintenance_tasks_task_check',
      sql`${t.task} in ('ash_box', 'heat_exchanger', 'annual_service', 'chimney_sweep')`,
    ),
    check('maintenance_tasks_interval_check', sql`${t.intervalValue} is null or ${t.intervalValue} > 0`),
  ],
)
