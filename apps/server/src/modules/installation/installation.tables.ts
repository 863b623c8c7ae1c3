import type { CapabilitiesMessage, CircuitReading } from '@teplo/domain'
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'

// The heating installation each controller last announced on its `capabilities` channel (ADR 063), as validated.
// A device without a row never announced one and keeps the single-boiler model. Gone with the device, and
// cleared when it is paired again (a new controller announces its own).
export const itemInstallations = pgTable('item_installations', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  message: jsonb('message').$type<CapabilitiesMessage>().notNull(),
  /** The message's own `ts` (the controller's clock), and when the server received it. */
  announcedAt: timestamp('announced_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The newest telemetry's installation readings (its `circuits`, `buffer_top`, `buffer_bottom`) and that
   * telemetry's time; null until a reading carries them.
   */
  readings: jsonb('readings').$type<InstallationReadings>(),
  readingsAt: timestamp('readings_at', { withTimezone: true }),
})

export type InstallationReadings = {
  circuits: CircuitReading[]
  buffer_top: number | null
  buffer_bottom: number | null
}
