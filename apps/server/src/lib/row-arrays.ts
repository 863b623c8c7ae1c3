import { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Database } from '../db/client.ts'

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
  if (client instanceof pg.Pool) {
    const result = await client.query<unknown[]>({ text, values: params, rowMode: 'array' })
    return result.rows
  }
  // Only the database handle itself carries a driver client; a transaction does not.
  throw new Error('queryRowArrays needs the database handle, not a transaction')
}
