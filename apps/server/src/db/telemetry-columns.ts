import { type SQL, sql } from 'drizzle-orm'

/** How a history column is written in SQL (a cast, a recordset's type). */
export type TelemetryColumnType = 'float8' | 'int2' | 'int4' | 'bool'

export interface TelemetryColumn {
  /** The column of `telemetry`, and the field of the telemetry message or the historic reading it comes from. */
  name: string
  type: TelemetryColumnType
  /**
   * `reading`: a field of the telemetry message; `setpoint`: the set point in force when it arrived (from the
   * item); `state`: the boiler switched on (from the item).
   */
  source: 'reading' | 'setpoint' | 'state'
  /** The reading is also the item's live value (items has a column of that name for it). */
  live?: boolean
}

/**
 * The columns of one history row besides its key (item_id, recorded_at) and interval_s, declared once: the
 * `telemetry` table (modules/history/history.tables.ts), the ingest's insert and live update
 * (device-link/telemetry-store.ts) and the demo boilers' past (history/historic-readings.ts) are written from
 * this list.
 */
export const TELEMETRY_COLUMNS = [
  { name: 'heater_temp', type: 'float8', source: 'reading', live: true },
  { name: 'heater_temp_set', type: 'float8', source: 'setpoint' },
  { name: 'boiler_temp', type: 'float8', source: 'reading', live: true },
  { name: 'boiler_temp_set', type: 'float8', source: 'setpoint' },
  { name: 'gas_temp', type: 'float8', source: 'reading', live: true },
  { name: 'burner_power', type: 'float8', source: 'reading', live: true },
  { name: 'flame_brightness', type: 'float8', source: 'reading', live: true },
  { name: 'work_mode', type: 'int2', source: 'reading', live: true },
  // The mode the controller reports running; items.pump_mode is the owner's setting, not a live value.
  { name: 'pump_mode', type: 'int2', source: 'reading' },
  { name: 'burner_on', type: 'bool', source: 'reading', live: true },
  // The boiler switched on (status), as opposed to the burner firing.
  { name: 'is_on', type: 'bool', source: 'state' },
  // Optional readings (added within protocol v1; null where the controller does not report them): the outdoor
  // temperature (degree-days), and the controller's own monotonic burner hours and ignition counters.
  { name: 'outdoor_temp', type: 'float8', source: 'reading' },
  { name: 'burner_hours', type: 'float8', source: 'reading' },
  { name: 'ignitions', type: 'int4', source: 'reading' },
] as const satisfies readonly TelemetryColumn[]

/** The history columns that are not readings of the message: computed from the item when a reading arrives. */
type ComputedColumn = Extract<(typeof TELEMETRY_COLUMNS)[number], { source: 'setpoint' | 'state' }>['name']

const names = (columns: readonly TelemetryColumn[]) => columns.map((column) => column.name)

/** The readings of a telemetry message that the history keeps. */
export const READING_FIELDS: readonly TelemetryColumn[] = TELEMETRY_COLUMNS.filter(
  (column) => column.source === 'reading',
)

/** `heater_temp, heater_temp_set, …`: the column list of an insert into telemetry. */
export const telemetryColumnList: SQL = sql.raw(names(TELEMETRY_COLUMNS).join(', '))

/** `<alias>.heater_temp, …`: every history column read from a relation that has them all. */
export function telemetryValuesFrom(alias: string): SQL {
  return sql.raw(TELEMETRY_COLUMNS.map((column) => `${alias}.${column.name}`).join(', '))
}

/** `heater_temp float8, …`: the history columns as the record type of json_to_recordset. */
export const telemetryRecordType: SQL = sql.raw(
  TELEMETRY_COLUMNS.map((column) => `${column.name} ${column.type}`).join(', '),
)

/**
 * The values of an insert into telemetry in the order of telemetryColumnList: the readings from `alias`, the
 * columns that are not readings from `computed` (each one must be given).
 */
export function telemetryValues(alias: string, computed: Record<ComputedColumn, SQL>): SQL {
  const given = computed as Record<string, SQL>
  return sql.join(
    TELEMETRY_COLUMNS.map((column) =>
      column.source === 'reading' ? sql.raw(`${alias}.${column.name}`) : given[column.name]!,
    ),
    sql`, `,
  )
}

/** `heater_temp = v.heater_temp, …`: the live readings copied into the item's row. */
export function liveReadingsFrom(alias: string): SQL {
  return sql.raw(
    TELEMETRY_COLUMNS.filter((column) => 'live' in column && column.live)
      .map((column) => `${column.name} = ${alias}.${column.name}`)
      .join(', '),
  )
}
