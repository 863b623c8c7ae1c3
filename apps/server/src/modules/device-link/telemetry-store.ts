import { DEVICE_LINK, HISTORY_GAP_SECONDS, isNewerTelemetry, type TelemetryMessage } from '@teplo/domain'
import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  liveReadingsFrom,
  READING_FIELDS,
  telemetryColumnList,
  telemetryValues,
} from '../../db/telemetry-columns.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { ignitionsCte, rollupCtes } from '../history/rollups.ts'

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

type ReadingColumn = { name: string; type: string; value: (reading: SerialTelemetry) => unknown }

// The readings of a batch travel as one array per column: the statement's text is the same for every batch
// (no 15 placeholders per reading to build and parse). The schedule period travels as text, cast to jsonb in
// SQL, because the drivers encode a jsonb[] parameter differently (node-postgres as given, PGlite stringified).
const READING_COLUMNS: ReadingColumn[] = [
  { name: 'serial', type: 'text', value: (r) => r.serial },
  { name: 'boot_id', type: 'text', value: (r) => r.message.boot_id },
  { name: 'seq', type: 'int8', value: (r) => storedSeq(r.message.seq) },
  { name: 'ts', type: 'timestamptz', value: (r) => r.message.ts },
  // The readings the history keeps (db/telemetry-columns.ts), under their message field names.
  ...READING_FIELDS.map(({ name, type }) => ({
    name,
    type,
    // An optional reading the controller leaves out is null.
    value: (r: SerialTelemetry) => r.message[name as keyof TelemetryMessage] ?? null,
  })),
  { name: 'settings_version', type: 'int4', value: (r) => r.message.settings_version },
  {
    name: 'schedule_period_text',
    type: 'text',
    value: (r) => (r.message.schedule_period ? JSON.stringify(r.message.schedule_period) : null),
  },
  { name: 'firmware_version', type: 'text', value: (r) => r.message.firmware_version ?? null },
  // The errors in force as one comma-separated text (null: the controller does not report them).
  { name: 'active_errors_text', type: 'text', value: (r) => r.message.active_errors?.join(',') ?? null },
]

const unnestColumns = sql.raw(READING_COLUMNS.map((column) => column.name).join(', '))
const selectedColumns = sql.raw(
  READING_COLUMNS.map((column) =>
    column.name === 'schedule_period_text' ? 'schedule_period_text::jsonb as schedule_period' : column.name,
  ).join(', '),
)

/** The readings as a relation `v` with one row per reading (telemetry message fields, serial). */
function readingsTable(readings: SerialTelemetry[]): SQL {
  const arrays = READING_COLUMNS.map(
    ({ type, value }) => sql`${sql.param(readings.map(value))}::${sql.raw(type)}[]`,
  )
  return sql`(select ${selectedColumns} from unnest(${sql.join(arrays, sql`, `)}) as u(${unnestColumns})) as v`
}

/**
 * The device reports older settings than desired (a factory reset reports 0, a lost flash write an older
 * version, a lost desired message the previous one): it must be sent the desired set again, pending or not
 * (the caller limits how often). Not after the controller refused the current version, unless it fell back
 * further than it had reported: a refusal is answered by a new change, not by sending the same one again.
 */
// `o` is the row as it was before the update (RETURNING would see the new values).
const settingsBehind = sql.raw(`(v.settings_version < o.settings_version
  and (o.sync_status <> 'refused' or v.settings_version < o.applied_version))`)

/**
 * Writes the newest reading of each device into its live fields, if it is newer than the stored one
 * (isNewerTelemetry, evaluated in the UPDATE so that concurrent writers cannot reorder it). Any message
 * marks the device seen; one that was 'connecting' returns to the owner's on/off choice. A reading that
 * reports the pending settings version confirms it, in case the device's ack was lost; one that reports an older
 * version than desired makes the item pending (`behind`: the caller re-sends the desired set).
 */
export async function updateLiveState(db: Database, newest: SerialTelemetry[]) {
  if (newest.length === 0) return []
  const result = await db.execute(sql`
    update items as i set
      ${liveReadingsFrom('v')}, schedule_period = v.schedule_period,
      telemetry_at = v.ts, telemetry_boot_id = v.boot_id, telemetry_seq = v.seq,
      last_seen_at = now(),
      status = case when i.status = 'connecting' then i.power_set else i.status end,
      sync_status = case when i.sync_status = 'pending' and v.settings_version = i.settings_version
        then 'synced' when ${settingsBehind} then 'pending' else i.sync_status end,
      sync_error = case when ${settingsBehind} then null else i.sync_error end,
      applied_version = v.settings_version,
      firmware_version = coalesce(v.firmware_version, i.firmware_version),
      active_errors = string_to_array(v.active_errors_text, ',')
    from ${readingsTable(newest)}, items o
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
    returning i.id, i.serial_number as serial, (${settingsBehind}) as behind,
      (${settingsBehind} and o.sync_status <> 'pending') as regressed, o.telemetry_boot_id as previous_boot_id,
      o.status = 'connecting' as came_online`)
  return rowsOf<{
    id: number
    serial: string
    behind: boolean
    regressed: boolean
    came_online: boolean
    previous_boot_id: string | null
  }>(result)
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
      from ${readingsTable([...unique.values()])}
    ),
    vi as (
      select i.id as item_id, v.ts as recorded_at, v.burner_on from v join items i on i.serial_number = v.serial
    ),
    ${sql.raw(ignitionsCte('vi'))},
    stored as (
      insert into telemetry (item_id, recorded_at, ${telemetryColumnList}, interval_s)
      select i.id, v.ts, ${telemetryValues('v', {
        heater_temp_set: inForce('heater'),
        boiler_temp_set: inForce('boiler'),
        is_on: sql.raw(
          `case when i.status in ('on', 'off') then i.status = 'on' else i.power_set = 'on' end`,
        ),
      })},
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
