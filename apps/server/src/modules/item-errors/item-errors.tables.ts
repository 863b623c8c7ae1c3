// The controller's error events.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'

export const itemErrors = pgTable(
  'item_errors',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    errorCode: text('error_code').notNull(),
    errorTime: timestamp('error_time', { withTimezone: true }).notNull(),
    modeStatus: smallint('mode_status'),
    heaterTemp: doublePrecision('heater_temp'),
    boilerTemp: doublePrecision('boiler_temp'),
    gasTemp: doublePrecision('gas_temp'),
    burnerPower: doublePrecision('burner_power'),
    // The device's own id of the event, so that a redelivered message is stored once.
    eventId: text('event_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // When the controller said the error is over (telemetry `active_errors` without it); null: in force, or
    // the controller does not say.
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_errors_item_time_idx').on(t.itemId, t.errorTime),
    uniqueIndex('item_errors_item_event_unique').on(t.itemId, t.eventId),
  ],
)
