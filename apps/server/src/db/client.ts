import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type pg from 'pg'
import { PGliteProxy } from './pglite-proxy.ts'
import { MAIN_CONNECTIONS, PriorityPool } from './priority-pool.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Resolves when the database can serve (`/health`); PGlite's answers without waiting for the connection. */
  check: () => Promise<void>
  close: () => Promise<void>
}

export const PGLITE_SHARED_BUFFERS = '16MB'

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

export type DatabaseOptions = {
  databaseUrl?: string | undefined
  // Directory for the embedded database; undefined keeps it in memory (tests).
  pgliteDir?: string | undefined
  // A dump of an embedded database (PGlite's dumpDataDir) to start from instead of an empty one: tests start from
  // one migrated database instead of running every migration again.
  pgliteTemplate?: Blob | undefined
  /** The embedded database's thread stopped unexpectedly; `restarting` says whether it is being opened again. */
  onStop?: ((err: Error, restarting: boolean) => void) | undefined
  /** The embedded database could not be opened again after its thread stopped: this process cannot serve. */
  onLost?: ((err: Error) => void) | undefined
}

// One schema and one migration set for both engines; migrations run on every start and are idempotent.
// Instances started together on a new database would run the same migrations at once (and fail on PostgreSQL's
// own catalogue): one migrates under a session advisory lock, the others wait for it and then find nothing to do.
const MIGRATION_LOCK = 7_303_001
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new PriorityPool({ connectionString: options.databaseUrl, max: MAIN_CONNECTIONS })
    for (const each of [pool, pool.heavy]) {
      // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
      // reconnects.
      each.on('error', (err) => console.error(`database: idle connection lost (${err.message})`))
      // The pool's handler covers idle clients only. A client checked out (a transaction between two statements,
      // a query just answered) whose connection the server ends (`pg_ctl stop -m fast`, failover) emits 'error'
      // on itself, which unheard ends the process. Its holder sees the failure on its next statement (503, or
      // the ingest retries the batch) and the pool discards the client on release.
      each.on('connect', (client) => {
        client.on('error', (err) => console.error(`database: connection lost while in use (${err.message})`))
      })
    }
    const db = drizzlePg(pool, { schema })
    await migrateAlone(pool, () => migratePg(db, { migrationsFolder }))
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      check: async () => {
        await pool.query('select 1')
      },
      close: () => pool.end(),
    }
  }
  if (options.pgliteDir) await fs.mkdir(path.dirname(options.pgliteDir), { recursive: true })
  // In a thread of its own, so that a long statement never holds up HTTP, MQTT or live streams (ADR 039).
  const client = await PGliteProxy.open({
    dataDir: options.pgliteDir,
    template: options.pgliteTemplate ? await options.pgliteTemplate.arrayBuffer() : undefined,
    // PGlite's memory is a WebAssembly heap, which only grows: initdb's 128 MB of shared buffers, once filled
    // (the demo boilers' generated month is enough), stayed resident for good. 16 MB keeps an embedded site's
    // hot pages; the files themselves stay in the operating system's cache (ADR 021, docs/benchmarks.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.onStop ? { onStop: options.onStop } : {}),
    ...(options.onLost ? { onLost: options.onLost } : {}),
  })
  const db = drizzlePglite(client as unknown as PGlite, { schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (err) {
    await client.close()
    throw err
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    check: () => client.check(),
    close: () => client.close(),
  }
}
