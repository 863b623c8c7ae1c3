import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { isDeadlock } from '../../lib/database-errors.ts'
import { rowsOf } from '../../lib/sql-result.ts'

// The history tables are partitioned by time (migration 0001): raw readings by UTC day, rollups by UTC month.
// Each has a DEFAULT partition that takes any row no day or month partition exists for yet, so a write never
// fails for want of a partition; maintenance creates the partitions ahead of time, moves what landed in the
// default partition into the right one, and applies retention by dropping whole partitions.

export interface PartitionedTable {
  table: 'telemetry' | 'telemetry_1m' | 'telemetry_1h'
  column: 'recorded_at' | 'bucket'
  span: 'day' | 'month'
}

export const RAW: PartitionedTable = { table: 'telemetry', column: 'recorded_at', span: 'day' }
export const ROLLUP_1M: PartitionedTable = { table: 'telemetry_1m', column: 'bucket', span: 'month' }
export const ROLLUP_1H: PartitionedTable = { table: 'telemetry_1h', column: 'bucket', span: 'month' }
export const PARTITIONED_TABLES = [RAW, ROLLUP_1M, ROLLUP_1H] as const

/** Start of the UTC day or month holding `instant`. */
export function periodStart(span: PartitionedTable['span'], instant: Date): Date {
  const start = new Date(
    Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), span === 'day' ? instant.getUTCDate() : 1),
  )
  return start
}

export function nextPeriod(span: PartitionedTable['span'], start: Date): Date {
  return span === 'day'
    ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1))
    : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
}

/** `telemetry_p20261124`, `telemetry_1m_p202611`. */
export function partitionName(spec: PartitionedTable, start: Date): string {
  const digits = start.toISOString().slice(0, 10).replaceAll('-', '')
  return `${spec.table}_p${spec.span === 'day' ? digits : digits.slice(0, 6)}`
}

/** The start of the period a partition holds, read back from its name; null for the default partition. */
export function partitionStart(spec: PartitionedTable, name: string): Date | null {
  const match = new RegExp(`^${spec.table}_p(\\d{4})(\\d{2})(\\d{2})?$`).exec(name)
  if (!match) return null
  const [, year, month, day] = match
  if ((spec.span === 'day') !== (day !== undefined)) return null
  return new Date(Date.UTC(Number(year), Number(month) - 1, day === undefined ? 1 : Number(day)))
}

async function partitionsOf(db: Database, spec: PartitionedTable): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = ${spec.table}`)
  return rowsOf<{ name: string }>(result).map((row) => row.name)
}

// One partition change at a time across every instance and task (the device link's upkeep, the demo's past, an
// instance starting).
const PARTITION_LOCK = 7_303_058
/** A deadlock's victim tries again: PostgreSQL lets the other transaction through. */
const PARTITION_ATTEMPTS = 4

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`)

/**
 * Creates the partition of the period starting at `start`, moving into it any rows the default partition holds
 * for that period (in one transaction: readers see them throughout).
 *
 * The parent is locked in ACCESS EXCLUSIVE mode first, the strongest lock the transaction takes: taken later (it
 * once started with SHARE ROW EXCLUSIVE), an ingest that had read the readings (the previous reading of each
 * device) and then inserted deadlocked with it on PostgreSQL. Readers wait for the moment it takes; moving rows
 * can still meet an ingest holding a device's row, so a deadlock's victim tries again.
 */
async function createPartition(db: Database, spec: PartitionedTable, start: Date): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createPartitionOnce(db, spec, start)
    } catch (err) {
      if (!isDeadlock(err) || attempt >= PARTITION_ATTEMPTS) throw err
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100))
    }
  }
}

async function createPartitionOnce(db: Database, spec: PartitionedTable, start: Date): Promise<void> {
  const end = nextPeriod(spec.span, start)
  const name = partitionName(spec, start)
  const from = start.toISOString()
  const to = end.toISOString()
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`)
    await tx.execute(sql`lock table ${ident(spec.table)} in access exclusive mode`)
    const exists = await tx.execute(sql`select 1 from pg_class where relname = ${name}`)
    if (rowsOf(exists).length > 0) return
    await tx.execute(sql`
      create temporary table history_moving on commit drop as
      with moved as (
        delete from ${ident(`${spec.table}_default`)}
        where ${ident(spec.column)} >= ${from}::timestamptz and ${ident(spec.column)} < ${to}::timestamptz
        returning *
      ) select * from moved`)
    await tx.execute(
      sql`create table ${ident(name)} partition of ${ident(spec.table)}
        for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`,
    )
    await tx.execute(sql`insert into ${ident(spec.table)} select * from history_moving`)
  })
}

/** Creates every missing partition for the periods from `from` to `to` (inclusive). */
export async function ensurePartitions(
  db: Database,
  spec: PartitionedTable,
  from: Date,
  to: Date,
): Promise<number> {
  const existing = new Set(await partitionsOf(db, spec))
  let created = 0
  for (let start = periodStart(spec.span, from); start <= to; start = nextPeriod(spec.span, start)) {
    if (existing.has(partitionName(spec, start))) continue
    await createPartition(db, spec, start)
    created++
  }
  return created
}

/** Periods the default partition holds rows of (e.g. readings that arrived before their day's partition). */
async function periodsInDefault(db: Database, spec: PartitionedTable, after: Date): Promise<Date[]> {
  const result = await db.execute(sql`
    select distinct to_char(date_trunc(${spec.span}, ${ident(spec.column)} at time zone 'UTC'), 'YYYY-MM-DD') as start
    from ${ident(`${spec.table}_default`)} where ${ident(spec.column)} >= ${after.toISOString()}::timestamptz`)
  return rowsOf<{ start: string }>(result).map((row) => new Date(`${row.start}T00:00:00Z`))
}

/**
 * Drops the partitions that end before `cutoff` and deletes older rows from the default partition; returns the
 * partitions dropped. Dropping a day costs the same whatever it holds, unlike DELETE over its rows.
 */
export async function dropPartitionsBefore(
  db: Database,
  spec: PartitionedTable,
  cutoff: Date,
): Promise<string[]> {
  const dropped: string[] = []
  for (const name of await partitionsOf(db, spec)) {
    const start = partitionStart(spec, name)
    if (!start || nextPeriod(spec.span, start) > cutoff) continue
    await db.execute(sql`drop table if exists ${ident(name)}`)
    dropped.push(name)
  }
  await db.execute(
    sql`delete from ${ident(`${spec.table}_default`)} where ${ident(spec.column)} < ${cutoff.toISOString()}::timestamptz`,
  )
  return dropped
}

export interface HistoryRetention {
  rawDays: number
  rollupDays: number
}

const DAY_MS = 86_400_000

/**
 * Keeps the history tables in shape: partitions for the next two days (raw) and the next month (rollups),
 * rows that landed in a default partition moved to their own, and retention applied by dropping partitions.
 */
export async function maintainHistory(db: Database, retention: HistoryRetention, now = new Date()) {
  const dropped: string[] = []
  for (const spec of PARTITIONED_TABLES) {
    const days = spec === RAW ? retention.rawDays : retention.rollupDays
    const cutoff = new Date(now.getTime() - days * DAY_MS)
    dropped.push(...(await dropPartitionsBefore(db, spec, cutoff)))
    for (const start of await periodsInDefault(db, spec, cutoff))
      await ensurePartitions(db, spec, start, start)
    const ahead =
      spec.span === 'day'
        ? new Date(now.getTime() + 2 * DAY_MS)
        : nextPeriod('month', periodStart('month', now))
    await ensurePartitions(db, spec, new Date(now.getTime() - DAY_MS), ahead)
  }
  // The daily energy (one row a device and day, not partitioned) goes with the hourly rollup's months.
  const rollupCutoff = new Date(now.getTime() - retention.rollupDays * DAY_MS)
  await db.execute(
    sql`delete from telemetry_1d where bucket < ${periodStart('month', rollupCutoff).toISOString()}::timestamptz`,
  )
  return { dropped }
}
