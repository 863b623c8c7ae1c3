import type { OtaStatusMessage } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { items } from '../items/items.tables.ts'
import { firmwareRolloutDevices, firmwareRollouts } from './firmware.tables.ts'
import { IN_FLIGHT_STATES } from './rollouts.service.ts'

export type OtaOutcome = {
  itemId: number
  rolloutId: number
  /** The update is over for this device (succeeded or failed): its retained ota/desired goes, the rollout moves on. */
  finished: boolean
}

const NO_REASON = msg('server.firmware.noReason')

/**
 * Applies a device's ota/status to its update under way (a running rollout of that version, the device sent it
 * and not finished). A success records the version on the item; a failure keeps the reason (the device keeps
 * its old firmware). Reports for no update under way (late, duplicated, or another version) change nothing.
 */
export async function applyOtaStatus(
  db: Database,
  serial: string,
  message: OtaStatusMessage,
): Promise<OtaOutcome | null> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ itemId: items.id, rolloutId: firmwareRolloutDevices.rolloutId })
      .from(firmwareRolloutDevices)
      .innerJoin(items, eq(items.id, firmwareRolloutDevices.itemId))
      .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareRolloutDevices.rolloutId))
      .where(
        and(
          eq(items.serialNumber, serial),
          eq(firmwareRollouts.status, 'running'),
          eq(firmwareRollouts.version, message.version),
          inArray(firmwareRolloutDevices.state, IN_FLIGHT_STATES),
        ),
      )
      .limit(1)
    if (!entry) return null
    const finished = message.state === 'succeeded' || message.state === 'failed'
    const progress =
      message.state === 'succeeded' ? 100 : message.state === 'downloading' ? (message.progress ?? 0) : null
    await tx
      .update(firmwareRolloutDevices)
      .set({
        state: message.state,
        progress,
        reason: message.state === 'failed' ? (message.reason ?? NO_REASON) : null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(firmwareRolloutDevices.rolloutId, entry.rolloutId),
          eq(firmwareRolloutDevices.itemId, entry.itemId),
        ),
      )
    if (message.state === 'succeeded') {
      await tx.update(items).set({ firmwareVersion: message.version }).where(eq(items.id, entry.itemId))
    }
    return { ...entry, finished }
  })
}
