import { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Database } from '../db/client.ts'
import { rowsOf } from './sql-result.ts'

const dialect = new PgDialect()

/**
 * A query's rows as arrays of values in the order of its select list, for answers of thousands of rows: the
 * drivers then build no object with a named member per column, and the caller reads each value by position.
 */
export async function queryRowArrays(db: Database, query: SQL): Promise<unknown[][]> {
  const client = (db as unknown as { $client?: unknown }).$client
  const { sql: text, params } = dialect.sqlToQuery(query)
  if (client instanceof PGlite) {
    return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows
  }
  if (client && typeof (client as pg.Pool).query === 'function') {
    const result = await (client as pg.Pool).query<unknown[]>({ text, values: params, rowMode: 'array' })
    return result.rows
  }
  // A transaction has no client of its own here: the same rows, turned into arrays.
  return rowsOf<Record<string, unknown>>(await db.execute(query)).map((row) => Object.values(row))
}
