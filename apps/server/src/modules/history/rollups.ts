import { HISTORY_METRICS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import { TIME_ZONE } from './history-slices.ts'

// Rollups of the readings (telemetry_1m, telemetry_1h; telemetry_1d the energy alone): per device and bucket, the count, first and last instant,
// min/max/sum/count of each metric, the last work mode and on/off, and the burner energy with the seconds the
// readings stand for. They are merged additively, so any set of new readings can be folded in at any time
// (ingest batches, a migration, a backfill) and a redelivered reading is never counted twice: it is folded in
// only when its insert into telemetry succeeded.

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
      work_mode, is_on, energy_kwh, covered_s)
    select item_id, date_trunc('${UNIT[table]}', recorded_at), count(*)::int, min(recorded_at), max(recorded_at),
      ${metricAggregates.join(', ')},
      (array_agg(work_mode order by recorded_at desc))[1], (array_agg(is_on order by recorded_at desc))[1],
      coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0)
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
      covered_s = t.covered_s + excluded.covered_s`
}

/** The day's burner energy and coverage (telemetry_1d, days on Kyiv's calendar), merged additively too. */
export function dailyEnergyUpsertSql(source: string): string {
  const day = `date_trunc('day', recorded_at at time zone '${TIME_ZONE}') at time zone '${TIME_ZONE}'`
  return `insert into telemetry_1d as t (item_id, bucket, energy_kwh, covered_s)
    select item_id, ${day}, coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0)
    from ${source}
    group by 1, 2
    on conflict (item_id, bucket) do update set
      energy_kwh = t.energy_kwh + excluded.energy_kwh,
      covered_s = t.covered_s + excluded.covered_s`
}

/** The rollups as data-modifying CTEs (`rollup_1m`, `rollup_1h`, `rollup_1d`) over `source`, for a WITH clause. */
export function rollupCtes(source: string) {
  return sql.raw(`rollup_1m as (${rollupUpsertSql('telemetry_1m', source)} returning 1),
    rollup_1h as (${rollupUpsertSql('telemetry_1h', source)} returning 1),
    rollup_1d as (${dailyEnergyUpsertSql(source)} returning 1)`)
}
