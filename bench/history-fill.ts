// The month of readings bench:history measures: partitions, readings at one per 10 s with their rollups, and the
// tables' sizes afterwards (bench/history.ts).
import { performance } from 'node:perf_hooks'
import { HISTORY_METRICS } from '@teplo/domain'
import type { Queryable } from './bench-database.ts'

/** A database the fill writes into: the bench's PostgreSQL database, or PGlite on a data directory. */
type Target = { db: Queryable }

import { round } from './stats.ts'

const say = (line: string) => console.log(`[bench:history] ${line}`)
const DAY_MS = 86_400_000

/** Day partitions of the readings and month partitions of the rollups for the filled span (as the server names them). */
export async function createPartitions(database: Target, from: Date, to: Date) {
  const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '')
  const midnight = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
  for (let start = midnight; start < to; start = new Date(start.getTime() + DAY_MS)) {
    const end = new Date(start.getTime() + DAY_MS)
    await database.db.query(
      `create table if not exists telemetry_p${day(start)} partition of telemetry for values from ('${start.toISOString()}') to ('${end.toISOString()}')`,
    )
  }
  for (const table of ['telemetry_1m', 'telemetry_1h']) {
    let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1))
    while (month < to) {
      const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
      await database.db.query(
        `create table if not exists ${table}_p${day(month).slice(0, 6)} partition of ${table} for values from ('${month.toISOString()}') to ('${next.toISOString()}')`,
      )
      month = next
    }
  }
}

const aggregates = HISTORY_METRICS.map((m) => `min(${m}), max(${m}), sum(${m}), count(${m})::int`).join(', ')
// What the energy counters read (modules/history/rollups.ts): burner-on seconds, ignitions (off→on between
// readings 10 s apart), the outdoor temperature; the bench's controllers report no counters of their own.
const USAGE_COLUMNS = 'burner_on_s, lit_count, outdoor_temp_sum, outdoor_temp_n'
const USAGE_AGGREGATES = `coalesce(sum(case when burner_on then interval_s else 0 end), 0),
  count(*) filter (where burner_on and not prev_on)::int, sum(outdoor_temp), count(outdoor_temp)::int`
const rollupColumns = HISTORY_METRICS.map((m) => `${m}_min, ${m}_max, ${m}_sum, ${m}_n`).join(', ')

/**
 * One reading every 10 s per device from `from` (a whole hour) until `to` (a whole minute), a day at a time,
 * heating with a daily swing and a 2-hour outage on the tenth day; then each chunk's minute and hour rollups, as
 * the ingest would have kept them. The readings reach the start of the run, so a 24-hour chart is full whatever
 * the time of day.
 */
export async function fill(database: Target, ids: number[], from: Date, to: Date) {
  const chunks = Math.ceil((to.getTime() - from.getTime()) / DAY_MS)
  for (let d = 0; d < chunks; d++) {
    const start = new Date(from.getTime() + d * DAY_MS)
    const end = new Date(Math.min(start.getTime() + DAY_MS, to.getTime()))
    const started = performance.now()
    await database.db.query(
      `insert into telemetry (item_id, recorded_at, heater_temp, heater_temp_set, boiler_temp, boiler_temp_set,
         gas_temp, burner_power, flame_brightness, work_mode, pump_mode, burner_on, is_on, outdoor_temp, interval_s)
       select id, ts, 62 + 6 * sin(e / 1800 + id), 70, 48 + 2 * sin(e / 3600 + id), 50, 140 + 30 * sin(e / 900 + id),
         greatest(0, 18 * sin(e / 900 + id)), greatest(0, 80 * sin(e / 900 + id)), 6, 1, sin(e / 900 + id) > 0, true,
         4 + 4 * sin(e / 13751) + 8 * sin(e / 5022000), 10
       from unnest($1::int[]) as i(id)
       cross join generate_series($2::timestamptz, $3::timestamptz - interval '10 seconds', interval '10 seconds') as ts
       cross join lateral (select extract(epoch from ts) as e) x
       where not ($4 and ts >= $2::timestamptz + interval '6 hours' and ts < $2::timestamptz + interval '8 hours')`,
      [ids, start.toISOString(), end.toISOString(), d === 9],
    )
    for (const [table, unit] of [
      ['telemetry_1m', 'minute'],
      ['telemetry_1h', 'hour'],
    ] as const) {
      await database.db.query(
        `insert into ${table} (item_id, bucket, samples, first_at, last_at, ${rollupColumns}, work_mode, is_on, energy_kwh, covered_s,
           ${USAGE_COLUMNS})
         select item_id, date_trunc('${unit}', recorded_at), count(*)::int, min(recorded_at), max(recorded_at), ${aggregates},
           (array_agg(work_mode order by recorded_at desc))[1], (array_agg(is_on order by recorded_at desc))[1],
           coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0), ${USAGE_AGGREGATES}
         from (select *, lag(burner_on) over (partition by item_id order by recorded_at) as prev_on from telemetry
           where recorded_at >= $1 and recorded_at < $2) r group by 1, 2`,
        [start.toISOString(), end.toISOString()],
      )
    }
    // Each Kyiv day's energy and usage (the energy counters, degree-days, the pellet forecast), from the hours.
    await database.db.query(
      `insert into telemetry_1d as t (item_id, bucket, energy_kwh, covered_s, samples, burner_on_s, lit_count,
         outdoor_temp_sum, outdoor_temp_n)
       select item_id, date_trunc('day', bucket at time zone 'Europe/Kyiv') at time zone 'Europe/Kyiv', sum(energy_kwh),
         sum(covered_s), sum(samples), sum(burner_on_s), sum(lit_count), sum(outdoor_temp_sum), sum(outdoor_temp_n)
       from telemetry_1h where bucket >= $1 and bucket < $2 group by 1, 2
       on conflict (item_id, bucket) do update set energy_kwh = t.energy_kwh + excluded.energy_kwh,
         covered_s = t.covered_s + excluded.covered_s, samples = t.samples + excluded.samples,
         burner_on_s = t.burner_on_s + excluded.burner_on_s, lit_count = t.lit_count + excluded.lit_count,
         outdoor_temp_sum = coalesce(t.outdoor_temp_sum, 0) + excluded.outdoor_temp_sum,
         outdoor_temp_n = t.outdoor_temp_n + excluded.outdoor_temp_n`,
      [start.toISOString(), end.toISOString()],
    )
    say(`  day ${d + 1}/${chunks} filled in ${round((performance.now() - started) / 1000)} s`)
  }
  // A month-old partition has long been vacuumed by autovacuum on a real server (visibility map set, hint bits
  // written); a PostgreSQL with autovacuum off, or one that has not caught up, would time the first reads'
  // writes instead of the queries.
  await database.db.query('vacuum (analyze) telemetry, telemetry_1m, telemetry_1h, telemetry_1d')
}

/** Size of each history table with its partitions and indexes, MiB. */
export async function tableSizes(database: Target): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {}
  for (const table of ['telemetry', 'telemetry_1m', 'telemetry_1h']) {
    const { rows } = await database.db.query<{ bytes: string }>(
      `select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) as bytes from pg_inherits i
       join pg_class p on p.oid = i.inhparent where p.relname = $1`,
      [table],
    )
    sizes[table] = round(Number(rows[0]?.bytes ?? 0) / 2 ** 20)
  }
  return sizes
}
