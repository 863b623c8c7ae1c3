import type { ErrorEventMessage, SettingsAckMessage } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'

/**
 * Only an answer to the current settings_version changes sync_status; an older (or unknown) version returns
 * null and the caller re-sends the current desired state.
 */
export async function applySettingsAck(
  db: Database,
  serial: string,
  ack: SettingsAckMessage,
): Promise<number | null> {
  const applied = ack.result === 'applied'
  const result = await db.execute(sql`
    update items set
      sync_status = ${applied ? 'synced' : 'refused'},
      sync_error = ${applied ? null : (ack.reason ?? null)},
      applied_version = ${ack.applied_version}::int
    where serial_number = ${serial}
      and settings_version = ${ack.version}::int
      and status not in ('pending', 'archive')
    returning id`)
  return rowsOf<{ id: number }>(result)[0]?.id ?? null
}

/** Stores a controller error once per (item, event_id); a redelivered event returns null. */
export async function recordErrorEvent(
  db: Database,
  serial: string,
  event: ErrorEventMessage,
): Promise<{ id: number; itemId: number } | null> {
  const result = await db.execute(sql`
    insert into item_errors (item_id, error_code, error_time, mode_status, heater_temp, boiler_temp, gas_temp,
      burner_power, event_id)
    select i.id, ${event.code}, ${event.ts}::timestamptz, ${event.mode_status}::int2, ${event.heater_temp}::float8,
      ${event.boiler_temp}::float8, ${event.gas_temp}::float8, ${event.burner_power}::float8, ${event.event_id}
    from items i
    where i.serial_number = ${serial} and i.status not in ('pending', 'archive')
    on conflict (item_id, event_id) do nothing
    returning id, item_id as "itemId"`)
  return rowsOf<{ id: number; itemId: number }>(result)[0] ?? null
}
