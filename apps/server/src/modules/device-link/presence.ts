import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { rowsOf } from '../../lib/sql-result.ts'

type ItemRef = { id: number; serial: string }

/** Any message proves the device is there; one shown as 'connecting' returns to the owner's on/off choice. */
export async function markSeen(db: Database, serials: string[]): Promise<ItemRef[]> {
  if (serials.length === 0) return []
  const result = await db.execute(sql`
    update items set
      last_seen_at = now(),
      status = case when status = 'connecting' then power_set else status end
    where ${anyOf(sql.raw('serial_number'), serials, 'text')} and status not in ('pending', 'archive')
    returning id, serial_number as serial`)
  return rowsOf<ItemRef>(result)
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
