import {
  HISTORY_GAP_SECONDS,
  HISTORY_METRICS,
  type HistoryResolution,
  type itemHistoryDocumentSchema,
} from '@teplo/domain'
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { serializedJson } from '../../lib/response-serializer.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import type { DemoHistoryProgress } from '../demo/demo-history-progress.ts'
import { itemErrors } from '../item-errors/item-errors.tables.ts'
import type { Caller } from '../items/item-access.ts'
import { visibleItem } from '../items/item-access.ts'
import type { ItemRow } from '../items/item-document.ts'
import { itemChanges } from './history.tables.ts'
import { assertRangeOrder, chooseResolution } from './history-query.ts'
import { type Edges, historySlices, joinEdges, joinSeries, TIME_ZONE } from './history-slices.ts'

type HistoryDocument = z.infer<typeof itemHistoryDocumentSchema>
type Gap = HistoryDocument['data']['attributes']['gaps'][number]
type HistoryEvent = HistoryDocument['data']['attributes']['events'][number]

export { TIME_ZONE } from './history-slices.ts'

const GAP_MS = HISTORY_GAP_SECONDS * 1000
const MAX_EVENTS = 1000

// Per metric: min, max and avg (sum / count, null when the bucket has no value of it).
const metricSelect = (source: 'raw' | 'rollup' | 'merge') =>
  HISTORY_METRICS.map((metric) => {
    if (source === 'raw')
      return `${metric} as ${metric}_min, ${metric} as ${metric}_max, ${metric} as ${metric}_avg`
    if (source === 'rollup') {
      return `${metric}_min, ${metric}_max, ${metric}_sum / nullif(${metric}_n, 0) as ${metric}_avg`
    }
    return `min(${metric}_min) as ${metric}_min, max(${metric}_max) as ${metric}_max,
      sum(${metric}_sum) / nullif(sum(${metric}_n), 0) as ${metric}_avg`
  }).join(',\n')

const range = (column: string, from: Date, to: Date, truncate?: string) =>
  sql.raw(
    `${column} >= ${truncate ? `date_trunc('${truncate}', '${from.toISOString()}'::timestamptz)` : `'${from.toISOString()}'::timestamptz`} and ${column} < '${to.toISOString()}'::timestamptz`,
  )

/**
 * The buckets of a range, one row each: `at` (the bucket's start, the reading's instant for raw), samples, the
 * min/max/avg of each metric, the work mode and on/off state of the bucket's last reading, and — raw, minute and
 * hourly rows — the instants of its first and last reading (`first_at`, `last_at`), from which the gaps follow.
 */
function bucketsSql(itemId: number, from: Date, to: Date, resolution: HistoryResolution): SQL {
  const id = sql`${itemId}::int`
  if (resolution === 'raw') {
    return sql`select recorded_at as at, 1 as samples, ${sql.raw(metricSelect('raw'))}, work_mode, is_on,
        recorded_at as first_at, recorded_at as last_at
      from telemetry where item_id = ${id} and ${range('recorded_at', from, to)}`
  }
  if (resolution === '1m' || resolution === '1h') {
    const table = sql.raw(resolution === '1m' ? 'telemetry_1m' : 'telemetry_1h')
    return sql`select bucket as at, samples, ${sql.raw(metricSelect('rollup'))}, work_mode, is_on, first_at, last_at
      from ${table} where item_id = ${id} and ${range('bucket', from, to, resolution === '1m' ? 'minute' : 'hour')}`
  }
  // 15 minutes from the minute rollup; a day (on Kyiv's calendar) from the hourly one.
  const [table, group, truncate] =
    resolution === '15m'
      ? ['telemetry_1m', `date_bin('15 minutes', bucket, '2000-01-01T00:00:00Z'::timestamptz)`, 'minute']
      : [
          'telemetry_1h',
          `(date_trunc('day', bucket at time zone '${TIME_ZONE}') at time zone '${TIME_ZONE}')`,
          'hour',
        ]
  return sql`select ${sql.raw(group)} as at, sum(samples)::int as samples, ${sql.raw(metricSelect('merge'))},
      (array_agg(work_mode order by last_at desc))[1] as work_mode, (array_agg(is_on order by last_at desc))[1] as is_on
    from ${sql.raw(table)} where item_id = ${id} and ${range('bucket', from, to, truncate)}
    group by 1`
}

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

// One column of the series: the buckets' values in time order. Every column is an aggregate over the same
// window — the whole range ordered by bucket — so PostgreSQL sorts the buckets once (usually not at all: the
// primary key gives them in order) and each aggregate takes them in that order by definition. Aggregates with
// their own `order by` sorted their input once each, 27 times, on PostgreSQL 15.
const column = (value: string) => `to_json(array_agg(${value}) over w)`
const WHOLE_RANGE = 'window w as (order by at rows between unbounded preceding and unbounded following)'
// Two decimals are more than any sensor gives, and keep a 1,440-bucket answer small (float8 prints its shortest
// exact form: 61.45, not 61.4500000001); min and max are null where the average is (a bucket without that
// metric's readings).
const rounded = (metric: string, part: 'min' | 'avg' | 'max') =>
  column(`case when ${metric}_avg is null then null else round(${metric}_${part} * 100) / 100 end`)
const epochMs = (value: string) => `(extract(epoch from ${value}) * 1000)::float8`

/**
 * The series column by column (`historySeriesSchema`), written as JSON by the database: a day of minute buckets
 * is one value to read instead of 1,440 rows of 27, and nothing to parse and write again.
 */
const SERIES_JSON = `json_build_object(
  'time', ${column(`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)},
  'samples', ${column('samples')},
  ${HISTORY_METRICS.map(
    (metric) =>
      `'${metric}', json_build_object('min', ${rounded(metric, 'min')}, 'avg', ${rounded(metric, 'avg')}, 'max', ${rounded(metric, 'max')})`,
  ).join(',\n  ')},
  'work_mode', ${column('work_mode')},
  'is_on', ${column('is_on')}
)::text`

/** The series of a range without buckets (the window query gives no row then). */
export const EMPTY_SERIES_JSON = JSON.stringify({
  time: [],
  samples: [],
  ...Object.fromEntries(HISTORY_METRICS.map((metric) => [metric, { min: [], avg: [], max: [] }])),
  work_mode: [],
  is_on: [],
})

/** Readings in the range: the first and last instant, and every stretch between two readings longer than a gap. */
type GapEdges = Edges

type SeriesRow = { series: string; first_at?: number | null; last_at?: number | null; inner?: string | null }

/** The series of a range as JSON text and, where the buckets carry their readings' instants (raw, 1m, 1h), the gap edges. */
export async function readSeries(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  resolution: HistoryResolution,
): Promise<{ seriesJson: string; edges: GapEdges | undefined }> {
  if (resolution === '15m' || resolution === '1d') {
    // A slice at a time, one statement each (history-slices.ts).
    const parts: string[] = []
    for (const [start, end] of historySlices(from, to, resolution)) {
      const [row] = rowsOf<SeriesRow>(
        await db.execute(
          sql`select ${sql.raw(SERIES_JSON)} as series from (${bucketsSql(itemId, start, end, resolution)}) b
            ${sql.raw(WHOLE_RANGE)} limit 1`,
        ),
      )
      parts.push(row?.series ?? EMPTY_SERIES_JSON)
    }
    return { seriesJson: parts.length > 0 ? joinSeries(parts) : EMPTY_SERIES_JSON, edges: undefined }
  }
  const buckets = bucketsSql(itemId, from, to, resolution)
  // The gaps, in the same pass: consecutive readings (a bucket's last and the next one's first reading) further
  // apart than HISTORY_GAP_SECONDS.
  const gap = `first_at - prev_last > interval '${HISTORY_GAP_SECONDS} seconds'`
  const [row] = rowsOf<SeriesRow>(
    await db.execute(sql`select ${sql.raw(SERIES_JSON)} as series,
        ${sql.raw(epochMs('min(first_at) over w'))} as first_at, ${sql.raw(epochMs('max(last_at) over w'))} as last_at,
        (json_agg(json_build_array(${sql.raw(epochMs('prev_last'))}, ${sql.raw(epochMs('first_at'))}))
          filter (where ${sql.raw(gap)}) over w)::text as inner
      from (select *, lag(last_at) over (order by at) as prev_last from (${buckets}) b) b
      ${sql.raw(WHOLE_RANGE)} limit 1`),
  )
  if (!row) return { seriesJson: EMPTY_SERIES_JSON, edges: null }
  const edges: GapEdges =
    row.first_at === null || row.first_at === undefined || row.last_at === null || row.last_at === undefined
      ? null
      : {
          first: Number(row.first_at),
          last: Number(row.last_at),
          inner: (row.inner ? (JSON.parse(row.inner) as [number, number][]) : []).map(([gapFrom, gapTo]) => ({
            from: gapFrom,
            to: gapTo,
          })),
        }
  return { seriesJson: row.series, edges }
}

type GapRow = { kind: string; gap_from: Date | string | null; gap_to: Date | string | null }

/**
 * The stretches between readings further apart than HISTORY_GAP_SECONDS, and the first and last reading, of
 * the 15-minute and daily charts: read from the minute and hourly rollup under their buckets (gaps as fine as
 * that: an outage inside one hour is invisible on a chart of days anyway). Raw, minute and hourly buckets carry
 * their own edges (`gapEdgesOfRows`).
 */
async function readGapEdges(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  resolution: '15m' | '1d',
): Promise<GapEdges> {
  // A slice at a time, like the series (history-slices.ts).
  const parts: GapEdges[] = []
  for (const [start, end] of historySlices(from, to, resolution)) {
    parts.push(await readSliceGapEdges(db, itemId, start, end, resolution))
  }
  return joinEdges(parts, GAP_MS)
}

async function readSliceGapEdges(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  resolution: '15m' | '1d',
): Promise<GapEdges> {
  const table = resolution === '15m' ? 'telemetry_1m' : 'telemetry_1h'
  const where = range('bucket', from, to, resolution === '15m' ? 'minute' : 'hour')
  const result = await db.execute(sql`
    with s as (
      select first_at, last_at, lag(last_at) over (order by bucket) as prev_last
      from ${sql.raw(table)} where item_id = ${itemId}::int and ${where}
    )
    select 'inner' as kind, prev_last as gap_from, first_at as gap_to from s
      where prev_last is not null and first_at - prev_last > ${sql.raw(`interval '${HISTORY_GAP_SECONDS} seconds'`)}
    union all
    select 'edges', min(first_at), max(last_at) from s`)
  const rows = rowsOf<GapRow>(result)
  const edges = rows.find((row) => row.kind === 'edges')
  if (!edges?.gap_from || !edges.gap_to) return null
  return {
    first: toDate(edges.gap_from).getTime(),
    last: toDate(edges.gap_to).getTime(),
    inner: rows.flatMap((row) =>
      row.kind === 'inner' && row.gap_from && row.gap_to
        ? [{ from: toDate(row.gap_from).getTime(), to: toDate(row.gap_to).getTime() }]
        : [],
    ),
  }
}

/**
 * Periods without connection within the range: readings further apart than HISTORY_GAP_SECONDS, and the
 * stretches before the first and after the last reading (from the device's creation; up to now).
 */
function gapsOf(
  edges: GapEdges,
  item: Pick<ItemRow, 'createdAt'>,
  from: Date,
  to: Date,
  now = new Date(),
): Gap[] {
  const start = Math.max(from.getTime(), item.createdAt.getTime())
  const end = Math.min(to.getTime(), now.getTime())
  const gaps: { from: number; to: number }[] = []
  if (!edges) {
    if (end > start) gaps.push({ from: start, to: end })
  } else {
    if (edges.first - start > GAP_MS) gaps.push({ from: start, to: edges.first })
    gaps.push(...edges.inner)
    if (end - edges.last > GAP_MS) gaps.push({ from: edges.last, to: end })
  }
  return gaps
    .map((gap) => ({ from: Math.max(gap.from, from.getTime()), to: Math.min(gap.to, to.getTime()) }))
    .filter((gap) => gap.to > gap.from)
    .map((gap) => ({ from: new Date(gap.from).toISOString(), to: new Date(gap.to).toISOString() }))
}

/** On/off switches, setting changes and controller errors within the range, oldest first. */
export async function readEvents(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
): Promise<HistoryEvent[]> {
  const [changes, errors] = await Promise.all([
    db
      .select({ time: itemChanges.changedAt, kind: itemChanges.kind, settings: itemChanges.settings })
      .from(itemChanges)
      .where(
        and(eq(itemChanges.itemId, itemId), gte(itemChanges.changedAt, from), lt(itemChanges.changedAt, to)),
      )
      .orderBy(asc(itemChanges.changedAt))
      .limit(MAX_EVENTS),
    db
      .select({ time: itemErrors.errorTime, code: itemErrors.errorCode })
      .from(itemErrors)
      .where(
        and(eq(itemErrors.itemId, itemId), gte(itemErrors.errorTime, from), lt(itemErrors.errorTime, to)),
      )
      .orderBy(asc(itemErrors.errorTime))
      .limit(MAX_EVENTS),
  ])
  const events: HistoryEvent[] = [
    ...changes.map((change) => ({
      time: change.time.toISOString(),
      kind: change.kind as HistoryEvent['kind'],
      code: null,
      settings: change.kind === 'settings' ? (change.settings ?? {}) : null,
    })),
    ...errors.map((error) => ({
      time: error.time.toISOString(),
      kind: 'error' as const,
      code: error.code,
      settings: null,
    })),
  ]
  return events.sort((a, b) => a.time.localeCompare(b.time)).slice(0, MAX_EVENTS)
}

export async function itemHistory(
  db: Database,
  caller: Caller,
  itemId: number,
  query: { from: Date; to: Date; resolution: HistoryResolution | 'auto' },
  demoHistory?: Pick<DemoHistoryProgress, 'isFilling'>,
): Promise<HistoryDocument> {
  // The readings are read alongside the visibility check, in one round trip instead of two; nothing of them is
  // answered before the check has passed (an invisible device is a 404 like a missing one).
  const itemRead = visibleItem(db, caller, itemId)
  const ordered = Promise.resolve().then(() => {
    assertRangeOrder(query.from, query.to)
    return chooseResolution(query.from, query.to, query.resolution)
  })
  const reads = ordered.then((resolution) =>
    Promise.all([
      readSeries(db, itemId, query.from, query.to, resolution),
      resolution === '15m' || resolution === '1d'
        ? readGapEdges(db, itemId, query.from, query.to, resolution)
        : undefined,
      readEvents(db, itemId, query.from, query.to),
    ]),
  )
  // Whichever fails first decides the answer; the others' failures must not go unhandled.
  reads.catch(() => {})
  ordered.catch(() => {})
  const item = await itemRead
  const resolution = await ordered
  const [{ seriesJson, edges: bucketEdges }, rollupEdges, events] = await reads
  // A simulated boiler's history is drawn by the simulator (ADR 053).
  const demo = item.simulated
  const gaps = gapsOf(bucketEdges ?? rollupEdges ?? null, item, query.from, query.to)
  // The document around the series the database wrote, members in the schema's order.
  const head = JSON.stringify({
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    resolution,
    time_zone: TIME_ZONE,
    demo,
    demo_filling: demo && (demoHistory?.isFilling(itemId) ?? false),
  })
  const links = JSON.stringify({ self: `/api/v2/items/${itemId}/history` })
  return serializedJson<HistoryDocument>(
    `{"data":{"type":"item-histories","id":${JSON.stringify(String(itemId))},"attributes":${head.slice(0, -1)},"series":${seriesJson},"gaps":${JSON.stringify(gaps)},"events":${JSON.stringify(events)}},"links":${links}}}`,
  )
}
