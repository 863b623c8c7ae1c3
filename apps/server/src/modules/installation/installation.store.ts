import type { CapabilitiesMessage, TelemetryMessage } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { items } from '../items/items.tables.ts'
import { type InstallationReadings, itemInstallations } from './installation.tables.ts'

/**
 * Keeps the installation a controller announced (its `capabilities` message), replacing the one before: the last
 * message received wins, as a controller sends its current installation on every connection and messages of one
 * connection arrive in order. Returns the device's id, or null for a serial with no device.
 */
export async function storeInstallation(
  db: Database,
  serial: string,
  message: CapabilitiesMessage,
  receivedAt = new Date(),
): Promise<number | null> {
  const [item] = await db.select({ id: items.id }).from(items).where(eq(items.serialNumber, serial))
  if (!item) return null
  const announcedAt = new Date(message.ts)
  await db
    .insert(itemInstallations)
    .values({ itemId: item.id, message, announcedAt, receivedAt })
    .onConflictDoUpdate({
      target: itemInstallations.itemId,
      set: { message, announcedAt, receivedAt: sql`excluded.received_at` },
    })
  return item.id
}

/** A device paired again may be another controller: it announces its own installation when it connects. */
export async function forgetInstallation(db: Database, itemId: number): Promise<void> {
  await db.delete(itemInstallations).where(eq(itemInstallations.itemId, itemId))
}

export type ReadingsReport = { serial: string; ts: string; readings: InstallationReadings }

/** The installation readings of a telemetry message; null when it carries none (a single-boiler controller). */
export function installationReadingsOf(message: TelemetryMessage): InstallationReadings | null {
  if (
    message.circuits === undefined &&
    message.buffer_top === undefined &&
    message.buffer_bottom === undefined
  )
    return null
  return {
    circuits: message.circuits ?? [],
    buffer_top: message.buffer_top ?? null,
    buffer_bottom: message.buffer_bottom ?? null,
  }
}

/**
 * Writes the newest installation readings of each device beside its announced installation, in one statement; a
 * reading older than the stored one is skipped (the live state's rule), and a device that announced no
 * installation keeps none. Returns the ids of the devices changed.
 */
export async function storeInstallationReadings(db: Database, reports: ReadingsReport[]): Promise<number[]> {
  if (reports.length === 0) return []
  const serials = sql.param(reports.map((r) => r.serial))
  const readings = sql.param(reports.map((r) => JSON.stringify(r.readings)))
  const times = sql.param(reports.map((r) => r.ts))
  const rows = rowsOf<{ item_id: number }>(
    await db.execute(sql`
      update item_installations i set readings = v.readings::jsonb, readings_at = v.ts
      from unnest(${serials}::text[], ${readings}::text[], ${times}::timestamptz[]) as v(serial, readings, ts)
      join items on items.serial_number = v.serial
      where i.item_id = items.id and (i.readings_at is null or i.readings_at < v.ts)
      returning i.item_id`),
  )
  return rows.map((row) => Number(row.item_id))
}
