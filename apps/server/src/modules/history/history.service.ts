import {
  DEMO_ACCOUNTS,
  HISTORY_GAP_SECONDS,
  HISTORY_METRICS,
  type HistoryResolution,
  type HistorySeries,
  type itemHistoryDocumentSchema,
} from '@teplo/domain'
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { itemChanges, itemErrors, users } from '../../db/schema.ts'
import { queryRowArrays } from '../../lib/row-arrays.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { DEMO_DEVICE_SERIALS } from '../demo/demo-devices.service.ts'
import type { Caller } from '../items/item-access.ts'
import { visibleItem } from '../items/item-access.ts'
import type { ItemRow } from '../items/item-document.ts'
import { assertRangeOrder, chooseResolution } from './history-query.ts'

type HistoryDocument = z.infer<typeof itemHistoryDocumentSchema>
type Gap = HistoryDocument['data']['attributes']['gaps'][number]
type HistoryEvent = HistoryDocument['data']['attributes']['events'][number]

export const TIME_ZONE = 'Europe/Kyiv'
const GAP_MS = HISTORY_GAP_SECONDS * 1000
const MAX_EVENTS = 1000

// Per metric: min, max and avg (sum / count, null when the bucket has no value of it) — three columns a metric,
// so a 1,440-bucket day is 1,440 rows of 25 values to parse.
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

// Bucket starts as epoch milliseconds: a float is parsed far faster than a timestamp's text.
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`)

function bucketsSql(itemId: number, from: Date, to: Date, resolution: HistoryResolution): SQL {
  const id = sql`${itemId}::int`
  if (resolution === 'raw') {
    return sql`select ${epochMs('recorded_at')} as time, 1 as samples, ${sql.raw(metricSelect('raw'))}, work_mode, is_on,
        ${epochMs('recorded_at')} as first_at, ${epochMs('recorded_at')} as last_at
      from telemetry where item_id = ${id} and ${range('recorded_at', from, to)} order by recorded_at`
  }
  if (resolution === '1m' || resolution === '1h') {
    const table = sql.raw(resolution === '1m' ? 'telemetry_1m' : 'telemetry_1h')
    return sql`select ${epochMs('bucket')} as time, samples, ${sql.raw(metricSelect('rollup'))}, work_mode, is_on,
        ${epochMs('first_at')} as first_at, ${epochMs('last_at')} as last_at
      from ${table} where item_id = ${id} and ${range('bucket', from, to, resolution === '1m' ? 'minute' : 'hour')}
      order by bucket`
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
  return sql`select ${epochMs(group)} as time, sum(samples)::int as samples, ${sql.raw(metricSelect('merge'))},
      (array_agg(work_mode order by last_at desc))[1] as work_mode, (array_agg(is_on order by last_at desc))[1] as is_on
    from ${sql.raw(table)} where item_id = ${id} and ${range('bucket', from, to, truncate)}
    group by ${sql.raw(group)} order by 1`
}

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

// Two decimals are more than any sensor gives, and keep a 1,440-bucket answer small.
const round2 = (value: number) => Math.round(value * 100) / 100

// Positions in the bucket query's select list: time, samples, then min, max, avg of each metric, then the work
// mode and the on/off state of the bucket's last reading.
const METRIC_COLUMNS = HISTORY_METRICS.map((metric, index) => ({
  metric,
  min: 2 + 3 * index,
  max: 3 + 3 * index,
  avg: 4 + 3 * index,
}))
const WORK_MODE_COLUMN = 2 + 3 * HISTORY_METRICS.length
const IS_ON_COLUMN = WORK_MODE_COLUMN + 1
// Raw, minute and hourly rows also carry their first and last reading (epoch ms), from which the gaps follow.
const FIRST_AT_COLUMN = IS_ON_COLUMN + 1
const LAST_AT_COLUMN = IS_ON_COLUMN + 2

/** Readings in the range: the first and last instant, and every stretch between two readings longer than a gap. */
type GapEdges = { first: number; last: number; inner: { from: number; to: number }[] } | null

/** The gap edges of rows in time order that carry their first and last reading (raw, minute or hourly rows). */
export function gapEdgesOfRows(rows: readonly unknown[][]): GapEdges {
  if (rows.length === 0) return null
  const inner: { from: number; to: number }[] = []
  let previousLast = Number(rows[0]![LAST_AT_COLUMN])
  let last = previousLast
  let first = Number(rows[0]![FIRST_AT_COLUMN])
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!
    const firstAt = Number(row[FIRST_AT_COLUMN])
    const lastAt = Number(row[LAST_AT_COLUMN])
    if (firstAt - previousLast > GAP_MS) inner.push({ from: previousLast, to: firstAt })
    first = Math.min(first, firstAt)
    last = Math.max(last, lastAt)
    previousLast = lastAt
  }
  return { first, last, inner }
}

/** The rows of the bucket query as the document's columns (a metric is null in a bucket without its readings). */
export function seriesFromRows(rows: readonly unknown[][]): HistorySeries {
  const length = rows.length
  const metrics = METRIC_COLUMNS.map((at) => ({
    at,
    min: new Array<number | null>(length),
    avg: new Array<number | null>(length),
    max: new Array<number | null>(length),
  }))
  const time = new Array<string>(length)
  const samples = new Array<number>(length)
  const workMode = new Array<number | null>(length)
  const isOn = new Array<boolean | null>(length)
  for (let i = 0; i < length; i++) {
    const row = rows[i]!
    time[i] = new Date(Number(row[0])).toISOString()
    samples[i] = Number(row[1])
    const mode = row[WORK_MODE_COLUMN]
    workMode[i] = mode === null ? null : Number(mode)
    isOn[i] = row[IS_ON_COLUMN] as boolean | null
    for (const metric of metrics) {
      const avg = row[metric.at.avg]
      const present = avg !== null && avg !== undefined
      metric.min[i] = present ? round2(Number(row[metric.at.min])) : null
      metric.avg[i] = present ? round2(Number(avg)) : null
      metric.max[i] = present ? round2(Number(row[metric.at.max])) : null
    }
  }
  const series: Record<string, unknown> = { time, samples, work_mode: workMode, is_on: isOn }
  for (const metric of metrics)
    series[metric.at.metric] = { min: metric.min, avg: metric.avg, max: metric.max }
  return series as HistorySeries
}

/** The buckets of a range and, where they carry their readings' instants (raw, 1m, 1h), the gap edges too. */
export async function readSeries(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  resolution: HistoryResolution,
): Promise<{ series: HistorySeries; edges: GapEdges | undefined }> {
  const rows = await queryRowArrays(db, bucketsSql(itemId, from, to, resolution))
  const withEdges = resolution === 'raw' || resolution === '1m' || resolution === '1h'
  return { series: seriesFromRows(rows), edges: withEdges ? gapEdgesOfRows(rows) : undefined }
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

/** The demo boilers (seeded serials on the demo accounts) are simulated, and so is their history. */
export async function isDemoItem(
  db: Database,
  item: Pick<ItemRow, 'serialNumber' | 'userId'>,
): Promise<boolean> {
  if (!DEMO_DEVICE_SERIALS.includes(item.serialNumber) || item.userId === null) return false
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, item.userId))
  return DEMO_ACCOUNTS.some((account) => account.email === owner?.email)
}

export async function itemHistory(
  db: Database,
  caller: Caller,
  itemId: number,
  query: { from: Date; to: Date; resolution: HistoryResolution | 'auto' },
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
  const [[{ series, edges: bucketEdges }, rollupEdges, events], demo] = await Promise.all([
    reads,
    isDemoItem(db, item),
  ])
  const gaps = gapsOf(bucketEdges ?? rollupEdges ?? null, item, query.from, query.to)
  return {
    data: {
      type: 'item-histories',
      id: String(itemId),
      attributes: {
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        resolution,
        time_zone: TIME_ZONE,
        demo,
        series,
        gaps,
        events,
      },
      links: { self: `/api/v2/items/${itemId}/history` },
    },
  }
}
