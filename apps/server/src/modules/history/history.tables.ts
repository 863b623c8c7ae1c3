// The readings of the devices and their rollups, the owner's changes on the history's time axis, and the fuel.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { FUEL_DEFAULTS, HEATING_SEASON_DEFAULTS, HISTORY_METRICS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { TELEMETRY_COLUMNS } from '../../db/telemetry-columns.ts'
import { items } from '../items/items.tables.ts'

/** A column's property name: heater_temp → heaterTemp. */
const camelCase = (name: string) =>
  name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

const TELEMETRY_COLUMN_BUILDERS = {
  float8: (name: string) => doublePrecision(name),
  int2: (name: string) => smallint(name),
  int4: (name: string) => integer(name),
  bool: (name: string) => boolean(name),
}

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name

/** The history columns declared in TELEMETRY_COLUMNS, as the table's properties (camelCase of the name). */
const telemetryColumns = Object.fromEntries(
  TELEMETRY_COLUMNS.map((column) => [
    camelCase(column.name),
    TELEMETRY_COLUMN_BUILDERS[column.type](column.name),
  ]),
) as {
  [Column in (typeof TELEMETRY_COLUMNS)[number] as CamelCase<Column['name']>]: ReturnType<
    (typeof TELEMETRY_COLUMN_BUILDERS)[Column['type']]
  >
}

// One row per telemetry reading (raw history), partitioned by day on recorded_at in the migration; old days are
// dropped whole (modules/history/partitions.ts). A redelivered reading (same device and instant) is stored once.
export const telemetry = pgTable(
  'telemetry',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    // The readings, the setpoints in effect when each arrived, and on/off (db/telemetry-columns.ts).
    ...telemetryColumns,
    // Seconds since the device's previous reading, 0 after a gap: the time this reading stands for.
    intervalS: real('interval_s').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.recordedAt] })],
)

/** The metrics kept as min/max/sum/count in the rollups (packages/domain HISTORY_METRICS). */
const rollupMetricColumns = Object.fromEntries(
  HISTORY_METRICS.flatMap((metric) => {
    const property = camelCase(metric)
    return [
      [`${property}Min`, doublePrecision(`${metric}_min`)],
      [`${property}Max`, doublePrecision(`${metric}_max`)],
      [`${property}Sum`, doublePrecision(`${metric}_sum`)],
      [`${property}N`, integer(`${metric}_n`).notNull().default(0)],
    ]
  }),
) as Record<string, ReturnType<typeof doublePrecision> | ReturnType<typeof integer>>

/**
 * What every rollup keeps for the energy counters and degree-days (modules/history/rollups.ts): seconds the burner
 * was lit, ignitions seen in the readings, the outdoor temperature's sum and count, and the controller's own
 * counters' lowest and highest value in the bucket with the count of readings that carried them.
 */
const usageColumns = () => ({
  burnerOnS: doublePrecision('burner_on_s').notNull().default(0),
  litCount: integer('lit_count').notNull().default(0),
  outdoorTempSum: doublePrecision('outdoor_temp_sum'),
  outdoorTempN: integer('outdoor_temp_n').notNull().default(0),
  burnerHoursMin: doublePrecision('burner_hours_min'),
  burnerHoursMax: doublePrecision('burner_hours_max'),
  burnerHoursN: integer('burner_hours_n').notNull().default(0),
  ignitionsMin: integer('ignitions_min'),
  ignitionsMax: integer('ignitions_max'),
  ignitionsN: integer('ignitions_n').notNull().default(0),
})

function rollupTable(name: 'telemetry_1m' | 'telemetry_1h') {
  return pgTable(
    name,
    {
      itemId: integer('item_id')
        .notNull()
        .references(() => items.id, { onDelete: 'cascade' }),
      bucket: timestamp('bucket', { withTimezone: true }).notNull(),
      samples: integer('samples').notNull(),
      firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
      lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
      ...rollupMetricColumns,
      // Work mode and on/off of the bucket's last reading.
      workMode: smallint('work_mode'),
      isOn: boolean('is_on'),
      // Burner energy (kWh) and the seconds the readings stand for (coverage), summed over the readings.
      energyKwh: doublePrecision('energy_kwh').notNull().default(0),
      coveredS: doublePrecision('covered_s').notNull().default(0),
      ...usageColumns(),
    },
    (t) => [primaryKey({ columns: [t.itemId, t.bucket] })],
  )
}

// Rollups of the readings, maintained as they are stored; partitioned by month in the migration.
export const telemetry1m = rollupTable('telemetry_1m')
export const telemetry1h = rollupTable('telemetry_1h')

// Burner energy per day on Kyiv's calendar (bucket: the instant the day starts), maintained with the rollups
// above: consumption by day, week or month over long ranges reads one row a day (ADR 039, addendum 4).
export const telemetry1d = pgTable(
  'telemetry_1d',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    energyKwh: doublePrecision('energy_kwh').notNull().default(0),
    coveredS: doublePrecision('covered_s').notNull().default(0),
    // The readings of the day (whether the controller's counters were reported by every one of them).
    samples: integer('samples').notNull().default(0),
    ...usageColumns(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.bucket] })],
)

// What the owner did, for the history's time axis: switched on or off, changed settings.
export const itemChanges = pgTable(
  'item_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    settings: jsonb('settings').$type<Record<string, number | boolean | string>>(),
  },
  (t) => [
    index('item_changes_item_time_idx').on(t.itemId, t.changedAt),
    check('item_changes_kind_check', sql`${t.kind} in ('on', 'off', 'settings')`),
  ],
)

// The owner's fuel settings of a device (not controller settings: they never travel to the boiler).
export const itemFuel = pgTable('item_fuel', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  calorificValue: doublePrecision('calorific_value').notNull().default(FUEL_DEFAULTS.calorific_value),
  boilerEfficiency: doublePrecision('boiler_efficiency').notNull().default(FUEL_DEFAULTS.boiler_efficiency),
  pelletPricePerTonne: doublePrecision('pellet_price_per_tonne'),
  hopperCapacityKg: doublePrecision('hopper_capacity_kg'),
  // The heating season, 'MM-DD' to 'MM-DD' inclusive on Kyiv's calendar (the energy counters, ADR 058).
  seasonStart: text('season_start').notNull().default(HEATING_SEASON_DEFAULTS.season_start),
  seasonEnd: text('season_end').notNull().default(HEATING_SEASON_DEFAULTS.season_end),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const hopperRefills = pgTable(
  'hopper_refills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
    kg: doublePrecision('kg').notNull(),
  },
  (t) => [index('hopper_refills_item_time_idx').on(t.itemId, t.refilledAt)],
)
