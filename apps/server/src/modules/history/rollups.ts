import { HISTORY_GAP_SECONDS, HISTORY_METRICS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import { TIME_ZONE } from './history-slices.ts'

// Rollups of the readings (telemetry_1m, telemetry_1h; telemetry_1d the energy alone): per device and bucket, the count, first and last instant,
// min/max/sum/count of each metric, the last work mode and on/off, and the burner energy with the seconds the
// readings stand for. They are merged additively, so any set of new readings can be folded in at any time
// (ingest batches, a migration, a backfill) and a redelivered reading is never counted twice: it is folded in
// only when its insert into telemetry succeeded.

// Besides, every rollup (the daily one too) keeps what the energy counters and degree-days read
// (modules/energy): the seconds the burner was lit, the ignitions seen in the readings (`lit_count`: a reading
// with the burner lit whose previous reading, at most a gap before, had it out — computed at ingest by
// `ignitionsCte`), the outdoor temperature's sum and count, and the controller's own counters' lowest and highest
// value with the number of readings that carried them. All of them merge additively (min/max for the counters).
const USAGE_COLUMNS = [
  'burner_on_s',
  'lit_count',
  'outdoor_temp_sum',
  'outdoor_temp_n',
  'burner_hours_min',
  'burner_hours_max',
  'burner_hours_n',
  'ignitions_min',
  'ignitions_max',
  'ignitions_n',
]

const USAGE_AGGREGATES = [
  'coalesce(sum(case when burner_on then interval_s else 0 end), 0)',
  'coalesce(sum(lit), 0)::int',
  'sum(outdoor_temp)',
  'count(outdoor_temp)::int',
  'min(burner_hours)',
  'max(burner_hours)',
  'count(burner_hours)::int',
  'min(ignitions)',
  'max(ignitions)',
  'count(ignitions)::int',
]

const USAGE_MERGES = [
  'burner_on_s = t.burner_on_s + excluded.burner_on_s',
  'lit_count = t.lit_count + excluded.lit_count',
  `outdoor_temp_sum = case when t.outdoor_temp_n + excluded.outdoor_temp_n = 0 then null
     else coalesce(t.outdoor_temp_sum, 0) + coalesce(excluded.outdoor_temp_sum, 0) end`,
  'outdoor_temp_n = t.outdoor_temp_n + excluded.outdoor_temp_n',
  'burner_hours_min = least(t.burner_hours_min, excluded.burner_hours_min)',
  'burner_hours_max = greatest(t.burner_hours_max, excluded.burner_hours_max)',
  'burner_hours_n = t.burner_hours_n + excluded.burner_hours_n',
  'ignitions_min = least(t.ignitions_min, excluded.ignitions_min)',
  'ignitions_max = greatest(t.ignitions_max, excluded.ignitions_max)',
  'ignitions_n = t.ignitions_n + excluded.ignitions_n',
]

export type RollupTable = 'telemetry_1m' | 'telemetry_1h'

const UNIT: Record<RollupTable, string> = { telemetry_1m: 'minute', telemetry_1h: 'hour' }

const metricColumns = HISTORY_METRICS.flatMap((metric) => [
  `${metric}_min`,
  `${metric}_max`,
  `${metric}_sum`,
  `${metric}_n`,
])

const metricAggregates = HISTORY_METRICS.flatMap((metric) => [
  `min(${metric})`,
  `max(${metric})`,
  `sum(${metric})`,
  `count(${metric})::int`,
])

const metricMerges = HISTORY_METRICS.flatMap((metric) => [
  `${metric}_min = least(t.${metric}_min, excluded.${metric}_min)`,
  `${metric}_max = greatest(t.${metric}_max, excluded.${metric}_max)`,
  `${metric}_sum = case when t.${metric}_n + excluded.${metric}_n = 0 then null
     else coalesce(t.${metric}_sum, 0) + coalesce(excluded.${metric}_sum, 0) end`,
  `${metric}_n = t.${metric}_n + excluded.${metric}_n`,
])

/**
 * `insert into <table> … select … from <source> … on conflict do update` folding the readings of `source` (a
 * relation or CTE name with telemetry's columns) into the rollup table.
 */
export function rollupUpsertSql(table: RollupTable, source: string): string {
  return `insert into ${table} as t (item_id, bucket, samples, first_at, last_at, ${metricColumns.join(', ')},
      work_mode, is_on, energy_kwh, covered_s, ${USAGE_COLUMNS.join(', ')})
    select item_id, date_trunc('${UNIT[table]}', recorded_at), count(*)::int, min(recorded_at), max(recorded_at),
      ${metricAggregates.join(', ')},
      (array_agg(work_mode order by recorded_at desc))[1], (array_agg(is_on order by recorded_at desc))[1],
      coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0),
      ${USAGE_AGGREGATES.join(', ')}
    from ${source}
    group by 1, 2
    on conflict (item_id, bucket) do update set
      samples = t.samples + excluded.samples,
      first_at = least(t.first_at, excluded.first_at),
      last_at = greatest(t.last_at, excluded.last_at),
      ${metricMerges.join(',\n      ')},
      work_mode = case when excluded.last_at >= t.last_at then excluded.work_mode else t.work_mode end,
      is_on = case when excluded.last_at >= t.last_at then excluded.is_on else t.is_on end,
      energy_kwh = t.energy_kwh + excluded.energy_kwh,
      covered_s = t.covered_s + excluded.covered_s,
      ${USAGE_MERGES.join(',\n      ')}`
}

/**
 * The day's burner energy and coverage, its readings' count and the usage columns (telemetry_1d, days on Kyiv's
 * calendar), merged additively too.
 */
export function dailyEnergyUpsertSql(source: string): string {
  const day = `date_trunc('day', recorded_at at time zone '${TIME_ZONE}') at time zone '${TIME_ZONE}'`
  return `insert into telemetry_1d as t (item_id, bucket, energy_kwh, covered_s, samples, ${USAGE_COLUMNS.join(', ')})
    select item_id, ${day}, coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0),
      count(*)::int, ${USAGE_AGGREGATES.join(', ')}
    from ${source}
    group by 1, 2
    on conflict (item_id, bucket) do update set
      energy_kwh = t.energy_kwh + excluded.energy_kwh,
      covered_s = t.covered_s + excluded.covered_s,
      samples = t.samples + excluded.samples,
      ${USAGE_MERGES.join(',\n      ')}`
}

const GAP = `interval '${HISTORY_GAP_SECONDS} seconds'`

/**
 * `lit as (…)`: the ignitions each new reading adds, for a WITH clause; `readings` is a relation of the batch
 * (item_id, recorded_at, burner_on), before it is inserted into telemetry. An ignition is a reading with the
 * burner lit whose previous reading, at most a gap before, had it out. A reading arriving between two stored
 * ones (late, out of order) counts the ignitions it makes and takes back the one its stored successor counted
 * against the stored predecessor, so the sum stays exact whatever the order of arrival: for each reading, the
 * edge from its previous one (in the batch or stored, whichever is later); the last of the batch before a
 * stored reading adds the edge to it and removes the edge that stored reading had. A redelivered reading (the
 * same instant as a stored one) adds nothing: it is not inserted, and the readings of the batch around it take
 * it as stored.
 */
export function ignitionsCte(readings: string): string {
  const edge = (before: string, after: string, beforeAt: string, afterAt: string) =>
    `(case when ${after} is true and ${before} is false and ${afterAt} - ${beforeAt} <= ${GAP} then 1 else 0 end)`
  return `lit_batch as (
      select r.item_id, r.recorded_at, r.burner_on,
        lag(r.recorded_at) over w as bp_at, lag(r.burner_on) over w as bp_on,
        lead(r.recorded_at) over w as bn_at
      from ${readings} r
      window w as (partition by r.item_id order by r.recorded_at)
    ),
    lit_near as (
      select b.*, sp.recorded_at as sp_at, sp.burner_on as sp_on, sn.recorded_at as sn_at, sn.burner_on as sn_on
      from lit_batch b
      left join lateral (select t.recorded_at, t.burner_on from telemetry t
        where t.item_id = b.item_id and t.recorded_at < b.recorded_at and t.recorded_at >= b.recorded_at - ${GAP}
        order by t.recorded_at desc limit 1) sp on true
      left join lateral (select t.recorded_at, t.burner_on from telemetry t
        where t.item_id = b.item_id and t.recorded_at > b.recorded_at and t.recorded_at <= b.recorded_at + ${GAP}
        order by t.recorded_at limit 1) sn on true
    ),
    lit as (
      select item_id, recorded_at,
        case when bp_at is not null and (sp_at is null or bp_at > sp_at)
          then ${edge('bp_on', 'burner_on', 'bp_at', 'recorded_at')}
          else ${edge('sp_on', 'burner_on', 'sp_at', 'recorded_at')} end
        + case when sn_at is not null and (bn_at is null or sn_at <= bn_at)
          then ${edge('burner_on', 'sn_on', 'recorded_at', 'sn_at')} - ${edge('sp_on', 'sn_on', 'sp_at', 'sn_at')}
          else 0 end as lit
      from lit_near
    )`
}

/**
 * The rollups as data-modifying CTEs (`rollup_1m`, `rollup_1h`, `rollup_1d`) over `source`, for a WITH clause,
 * and `counted`: the stored readings with the ignitions of `lit` (ignitionsCte, over the same batch).
 */
export function rollupCtes(source: string) {
  return sql.raw(`counted as (
      select s.*, coalesce(l.lit, 0) as lit from ${source} s
      left join lit l on l.item_id = s.item_id and l.recorded_at = s.recorded_at
    ),
    rollup_1m as (${rollupUpsertSql('telemetry_1m', 'counted')} returning 1),
    rollup_1h as (${rollupUpsertSql('telemetry_1h', 'counted')} returning 1),
    rollup_1d as (${dailyEnergyUpsertSql('counted')} returning 1)`)
}
