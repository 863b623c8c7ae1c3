import { IDENTITY_CONFLICT_WINDOW_MINUTES } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { items } from '../items/items.tables.ts'

/** A connection of a device's identity, known by the boot id it announced (status `online`, or telemetry). */
export type BootSighting = { serial: string; bootId: string }

type Remembered = { id: string; at: string }

/**
 * Boot ids remembered per device, however old: enough to see A, B, A (and a third controller) come back. Only
 * the takeovers are counted within a window.
 */
const REMEMBERED = 4
const WINDOW_MS = IDENTITY_CONFLICT_WINDOW_MINUTES * 60_000

/**
 * What one more sighting means, pure: the same boot as the newest changes nothing; a new boot id is a restart;
 * a boot id seen before another one is a takeover — one controller never returns to an earlier boot, so two
 * controllers are taking the session from each other. Takeovers further apart than the window start the count
 * again.
 */
export function nextIdentityState(
  state: { bootIds: Remembered[] | null; takeovers: number; takeoverAt: Date | null },
  bootId: string,
  now: Date,
): { bootIds: Remembered[]; takeovers: number; takeoverAt: Date | null; tookOver: boolean } {
  const remembered = state.bootIds ?? []
  const bootIds = [{ id: bootId, at: now.toISOString() }, ...remembered.filter((e) => e.id !== bootId)].slice(
    0,
    REMEMBERED,
  )
  if (remembered[0]?.id === bootId || !remembered.some((entry) => entry.id === bootId))
    return { bootIds, takeovers: state.takeovers, takeoverAt: state.takeoverAt, tookOver: false }
  const recent = state.takeoverAt !== null && now.getTime() - state.takeoverAt.getTime() < WINDOW_MS
  return { bootIds, takeovers: recent ? state.takeovers + 1 : 1, takeoverAt: now, tookOver: true }
}

/**
 * Records the boot ids devices connected with and counts takeovers. One row lock per sighting, so that two
 * instances that receive A's and B's messages keep one order. Answers the items whose count changed.
 */
export async function noteBootIds(
  db: Database,
  sightings: BootSighting[],
  now = new Date(),
): Promise<number[]> {
  const changed: number[] = []
  for (const { serial, bootId } of sightings) {
    const itemId = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: items.id,
          bootIds: items.identityBootIds,
          takeovers: items.identityTakeovers,
          takeoverAt: items.identityTakeoverAt,
        })
        .from(items)
        .where(eq(items.serialNumber, serial))
        .for('update')
      if (!row) return null
      if (row.bootIds?.[0]?.id === bootId) return null
      const next = nextIdentityState(row, bootId, now)
      await tx
        .update(items)
        .set({
          identityBootIds: next.bootIds,
          identityTakeovers: next.takeovers,
          identityTakeoverAt: next.takeoverAt,
        })
        .where(eq(items.id, row.id))
      return next.tookOver ? row.id : null
    })
    if (itemId !== null) changed.push(itemId)
  }
  return changed
}
