import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { rowsOf } from '../../lib/sql-result.ts'

type ItemRef = { id: number; serial: string }

/**
 * Any message proves the device is there; one shown as 'connecting' returns to the owner's on/off choice
 * (`came_online`: the statement that did it, on whichever instance, is the one that says so).
 */
export async function markSeen(
  db: Database,
  serials: string[],
): Promise<(ItemRef & { came_online: boolean })[]> {
  if (serials.length === 0) return []
  const result = await db.execute(sql`
    update items i set
      last_seen_at = now(),
      status = case when i.status = 'connecting' then i.power_set else i.status end
    from items o
    where ${anyOf(sql.raw('i.serial_number'), serials, 'text')} and i.status not in ('pending', 'archive')
      and o.id = i.id
    returning i.id, i.serial_number as serial, o.status = 'connecting' as came_online`)
  return rowsOf<ItemRef & { came_online: boolean }>(result)
}

/** The device said goodbye (clean stop or last will): "з'єднання немає" at once. */
export async function markOffline(db: Database, serials: string[]): Promise<ItemRef[]> {
  if (serials.length === 0) return []
  const result = await db.execute(sql`
    update items set status = 'connecting'
    where ${anyOf(sql.raw('serial_number'), serials, 'text')} and status in ('on', 'off')
    returning id, serial_number as serial`)
  return rowsOf<ItemRef>(result)
}

/** Devices silent for longer than the limit turn 'connecting'; one statement, safe on several instances. */
export async function markSilentDevices(db: Database, silentSeconds: number): Promise<ItemRef[]> {
  const result = await db.execute(sql`
    update items set status = 'connecting'
    where status in ('on', 'off')
      and (last_seen_at is null or last_seen_at < now() - make_interval(secs => ${silentSeconds}::int))
    returning id, serial_number as serial`)
  return rowsOf<ItemRef>(result)
}
