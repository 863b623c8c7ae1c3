import type { CapabilitiesMessage } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { items } from '../items/items.tables.ts'
import { itemInstallations } from './installation.tables.ts'

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
