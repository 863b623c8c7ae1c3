import { DEVICE_LINK, HISTORY_GAP_SECONDS, isNewerTelemetry, type TelemetryMessage } from '@teplo/domain'
import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { rollupCtes } from '../history/rollups.ts'

export type SerialTelemetry = { serial: string; message: TelemetryMessage }

// A reading stands for the time since the previous one, unless they are further apart than a gap.
const GAP = sql.raw(`interval '${HISTORY_GAP_SECONDS} seconds'`)

// items.telemetry_seq is a 32-bit integer; a larger sequence number is ordered by time alone.
const MAX_STORED_SEQ = 2_147_483_647

const storedSeq = (seq: number) => (seq <= MAX_STORED_SEQ ? seq : null)

/** Newest reading of each device in a batch: only it can become the live state. */
export function newestPerDevice(readings: SerialTelemetry[]): SerialTelemetry[] {
  const newest = new Map<string, SerialTelemetry>()
  for (const reading of readings) {
    const current = newest.get(reading.serial)
    if (!current || isNewerTelemetry(current.message, reading.message)) newest.set(reading.serial, reading)
  }
  return [...newest.values()]
}

function valuesRow({ serial, message: m }: SerialTelemetry): SQL {
  return sql`(${serial}::text, ${m.boot_id}::text, ${storedSeq(m.seq)}::bigint, ${m.ts}::timestamptz,
    ${m.heater_temp}::float8, ${m.boiler_temp}::float8, ${m.gas_temp}::float8, ${m.burner_power}::float8,
    ${m.flame_brightness}::float8, ${m.work_mode}::int2, ${m.pump_mode}::int2, ${m.burner_on}::boolean,
    ${m.settings_version}::int, ${m.schedule_period ? JSON.stringify(m.schedule_period) : null}::jsonb,
    ${m.firmware_version ?? null}::text)`
}

const columns = sql.raw(`v(serial, boot_id, seq, ts, heater_temp, boiler_temp, gas_temp, burner_power,
  flame_brightness, work_mode, pump_mode, burner_on, settings_version, schedule_period, firmware_version)`)

function valuesTable(readings: SerialTelemetry[]): SQL {
  return sql`(values ${sql.join(readings.map(valuesRow), sql`, `)}) as ${columns}`
}

/**
 * The device reports settings older than the ones it had confirmed (a factory reset reports 0, a lost flash
 * write an older version): it must be sent the desired set again. A pending change is being sent anyway.
 */
// `o` is the row as it was before the update (RETURNING would see the new values).
const settingsBehind = sql.raw(`(v.settings_version < o.settings_version and o.sync_status <> 'pending'
  and (o.sync_status = 'synced' or v.settings_version < o.applied_version))`)

/**
 * Writes the newest reading of each device into its live fields, if it is newer than the stored one
 * (isNewerTelemetry, evaluated in the UPDATE so that concurrent writers cannot reorder it). Any message
 * marks the device seen; one that was 'connecting' returns to the owner's on/off choice. A reading that
 * reports the pending settings version confirms it, in case the device's ack was lost; one that reports an older
 * version than it had confirmed makes the item pending again (`behind`: the caller re-sends the desired set).
 */
export async function updateLiveState(db: Database, newest: SerialTelemetry[]) {
  if (newest.length === 0) return []
  const result = await db.execute(sql`
    update items as i set
      heater_temp = v.heater_temp, boiler_temp = v.boiler_temp, gas_temp = v.gas_temp,
      burner_power = v.burner_power, flame_brightness = v.flame_brightness, work_mode = v.work_mode,
      burner_on = v.burner_on, schedule_period = v.schedule_period,
      telemetry_at = v.ts, telemetry_boot_id = v.boot_id, telemetry_seq = v.seq,
      last_seen_at = now(),
      status = case when i.status = 'connecting' then i.power_set else i.status end,
      sync_status = case when i.sync_status = 'pending' and v.settings_version = i.settings_version
        then 'synced' when ${settingsBehind} then 'pending' else i.sync_status end,
      sync_error = case when ${settingsBehind} then null else i.sync_error end,
      applied_version = v.settings_version,
      firmware_version = coalesce(v.firmware_version, i.firmware_version)
    from ${valuesTable(newest)}, items o
    where i.serial_number = v.serial and o.id = i.id
      and i.status not in ('pending', 'archive')
      and (
        i.telemetry_at is null
        -- A reading stored before future timestamps were corrected never holds later ones back.
        or i.telemetry_at > now() + make_interval(secs => ${DEVICE_LINK.maxClockAheadSeconds})
        or (i.telemetry_boot_id = v.boot_id and i.telemetry_seq is not null and v.seq is not null
            and v.seq > i.telemetry_seq)
        or ((i.telemetry_boot_id is distinct from v.boot_id or i.telemetry_seq is null or v.seq is null)
            and v.ts > i.telemetry_at)
      )
    returning i.id, i.serial_number as serial, (${settingsBehind}) as behind`)
  return rowsOf<{ id: number; serial: string; behind: boolean }>(result)
}

/**
 * The set point in force for a reading: lowered by the reduction of the schedule the controller has in effect
 * while it reports a reduced half hour (ADR 026).
 */
const inForce = (circuit: 'heater' | 'boiler') =>
  sql.raw(`case when v.schedule_period->>'mode' = 'reduced' and i.reported_schedule is not null
    then greatest(0, i.${circuit}_temp_set - (i.reported_schedule->>'${circuit}_reduction')::float8)
    else i.${circuit}_temp_set end`)

/**
 * One history row per reading, with the setpoints and on/off in effect and the seconds since the device's
 * previous reading (0 after a gap), folded into the 1-minute and 1-hour rollups in the same statement. A
 * redelivered reading (same device and instant) is stored and counted once.
 */
export async function storeReadings(db: Database, readings: SerialTelemetry[]): Promise<number> {
  const unique = new Map(readings.map((r) => [`${r.serial}@${Date.parse(r.message.ts)}`, r]))
  if (unique.size === 0) return 0
  const result = await db.execute(sql`
    with v as (
      select v.*, lag(v.ts) over (partition by v.serial order by v.ts) as batch_prev
      from ${valuesTable([...unique.values()])}
    ),
    stored as (
      insert into telemetry (item_id, recorded_at, heater_temp, heater_temp_set, boiler_temp, boiler_temp_set,
        gas_temp, burner_power, flame_brightness, work_mode, pump_mode, burner_on, is_on, interval_s)
      select i.id, v.ts, v.heater_temp, ${inForce('heater')}, v.boiler_temp, ${inForce('boiler')}, v.gas_temp,
        v.burner_power, v.flame_brightness, v.work_mode, v.pump_mode, v.burner_on,
        case when i.status in ('on', 'off') then i.status = 'on' else i.power_set = 'on' end,
        coalesce(extract(epoch from v.ts - greatest(
          case when v.ts - v.batch_prev <= ${GAP} then v.batch_prev end,
          (select max(t.recorded_at) from telemetry t
            where t.item_id = i.id and t.recorded_at < v.ts and t.recorded_at >= v.ts - ${GAP})
        )), 0)
      from v
      join items i on i.serial_number = v.serial
      where i.status not in ('pending', 'archive')
      on conflict (item_id, recorded_at) do nothing
      returning *
    ),
    ${rollupCtes('stored')}
    select count(*)::int as stored from stored`)
  return rowsOf<{ stored: number }>(result)[0]?.stored ?? 0
}
