import {
  DEMO_ACCOUNTS,
  HISTORY_GAP_SECONDS,
  HISTORY_METRICS,
  type HistoryResolution,
  type itemHistoryDocumentSchema,
} from '@teplo/domain'
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { itemChanges, itemErrors, users } from '../../db/schema.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { DEMO_DEVICE_SERIALS } from '../demo/demo-devices.service.ts'
import type { Caller } from '../items/item-access.ts'
import { visibleItem } from '../items/item-access.ts'
import type { ItemRow } from '../items/item-document.ts'
import { assertRangeOrder, chooseResolution } from './history-query.ts'

type HistoryDocument = z.infer<typeof itemHistoryDocumentSchema>
type Bucket = HistoryDocument['data']['attributes']['buckets'][number]
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

function bucketsSql(itemId: number, from: Date, to: Date, resolution: HistoryResolution): SQL {
  const id = sql`${itemId}::int`
  if (resolution === 'raw') {
    return sql`select recorded_at as time, 1 as samples, ${sql.raw(metricSelect('raw'))}, work_mode, is_on
      from telemetry where item_id = ${id} and ${range('recorded_at', from, to)} order by recorded_at`
  }
  if (resolution === '1m' || resolution === '1h') {
    const table = sql.raw(resolution === '1m' ? 'telemetry_1m' : 'telemetry_1h')
    return sql`select bucket as time, samples, ${sql.raw(metricSelect('rollup'))}, work_mode, is_on
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
  return sql`select ${sql.raw(group)} as time, sum(samples)::int as samples, ${sql.raw(metricSelect('merge'))},
      (array_agg(work_mode order by last_at desc))[1] as work_mode, (array_agg(is_on order by last_at desc))[1] as is_on
    from ${sql.raw(table)} where item_id = ${id} and ${range('bucket', from, to, truncate)}
    group by 1 order by 1`
}

type BucketRow = Record<string, number | null> & {
  time: Date | string
  samples: number
  work_mode: number | null
  is_on: boolean | null
}

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

// Two decimals are more than any sensor gives, and keep a 1,440-bucket answer small.
const round2 = (value: number) => Math.round(value * 100) / 100
const METRIC_COLUMNS = HISTORY_METRICS.map((metric) => ({
  metric,
  min: `${metric}_min`,
  max: `${metric}_max`,
  avg: `${metric}_avg`,
}))

function bucketFromRow(row: BucketRow): Bucket {
  const bucket: Record<string, unknown> = {
    time: toDate(row.time).toISOString(),
    samples: Number(row.samples),
    work_mode: row.work_mode === null ? null : Number(row.work_mode),
    is_on: row.is_on,
  }
  for (const column of METRIC_COLUMNS) {
    const avg = row[column.avg]
    bucket[column.metric] =
      avg === null || avg === undefined
        ? null
        : {
            min: round2(Number(row[column.min])),
            avg: round2(Number(avg)),
            max: round2(Number(row[column.max])),
          }
  }
  return bucket as Bucket
}

export async function readBuckets(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  resolution: HistoryResolution,
) {
  const result = await db.execute(bucketsSql(itemId, from, to, resolution))
  return rowsOf<BucketRow>(result).map(bucketFromRow)
}

type GapRow = { kind: string; gap_from: Date | string | null; gap_to: Date | string | null }

/** The stretches between readings further apart than HISTORY_GAP_SECONDS, and the first and last reading. */
async function readGapEdges(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  resolution: HistoryResolution,
): Promise<GapRow[]> {
  // Gaps as fine as the buckets shown: an outage inside one hour is invisible on an hourly chart anyway.
  const raw = resolution === 'raw'
  const table = raw
    ? 'telemetry'
    : resolution === '1m' || resolution === '15m'
      ? 'telemetry_1m'
      : 'telemetry_1h'
  const [order, first, last] = raw
    ? ['recorded_at', 'recorded_at', 'recorded_at']
    : ['bucket', 'first_at', 'last_at']
  const where = raw
    ? range('recorded_at', from, to)
    : range('bucket', from, to, table === 'telemetry_1m' ? 'minute' : 'hour')
  const result = await db.execute(sql`
    with s as (
      select ${sql.raw(first)} as first_at, ${sql.raw(last)} as last_at,
        lag(${sql.raw(last)}) over (order by ${sql.raw(order)}) as prev_last
      from ${sql.raw(table)} where item_id = ${itemId}::int and ${where}
    )
    select 'inner' as kind, prev_last as gap_from, first_at as gap_to from s
      where prev_last is not null and first_at - prev_last > ${sql.raw(`interval '${HISTORY_GAP_SECONDS} seconds'`)}
    union all
    select 'edges', min(first_at), max(last_at) from s`)
  return rowsOf<GapRow>(result)
}

/**
 * Periods without connection within the range: readings further apart than HISTORY_GAP_SECONDS, and the
 * stretches before the first and after the last reading (from the device's creation; up to now).
 */
function gapsOf(
  rows: GapRow[],
  item: Pick<ItemRow, 'createdAt'>,
  from: Date,
  to: Date,
  now = new Date(),
): Gap[] {
  const start = Math.max(from.getTime(), item.createdAt.getTime())
  const end = Math.min(to.getTime(), now.getTime())
  const gaps: { from: number; to: number }[] = []
  const edges = rows.find((row) => row.kind === 'edges')
  if (!edges?.gap_from || !edges.gap_to) {
    if (end > start) gaps.push({ from: start, to: end })
  } else {
    const firstAt = toDate(edges.gap_from).getTime()
    const lastAt = toDate(edges.gap_to).getTime()
    if (firstAt - start > GAP_MS) gaps.push({ from: start, to: firstAt })
    for (const row of rows) {
      if (row.kind !== 'inner' || !row.gap_from || !row.gap_to) continue
      gaps.push({ from: toDate(row.gap_from).getTime(), to: toDate(row.gap_to).getTime() })
    }
    if (end - lastAt > GAP_MS) gaps.push({ from: lastAt, to: end })
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
      readBuckets(db, itemId, query.from, query.to, resolution),
      readGapEdges(db, itemId, query.from, query.to, resolution),
      readEvents(db, itemId, query.from, query.to),
    ]),
  )
  // Whichever fails first decides the answer; the others' failures must not go unhandled.
  reads.catch(() => {})
  ordered.catch(() => {})
  const item = await itemRead
  const resolution = await ordered
  const [[buckets, gapRows, events], demo] = await Promise.all([reads, isDemoItem(db, item)])
  const gaps = gapsOf(gapRows, item, query.from, query.to)
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
        buckets,
        gaps,
        events,
      },
      links: { self: `/api/v2/items/${itemId}/history` },
    },
  }
}
