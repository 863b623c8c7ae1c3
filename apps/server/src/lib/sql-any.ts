import { type Column, type SQL, sql } from 'drizzle-orm'

type ArrayType = 'int4' | 'text'

/**
 * `column = any($1::type[])`: the values as one array parameter, however many there are. drizzle's `inArray`
 * sends one parameter per value, each built and typed on its own; a batch of thousands of devices made that a
 * quarter of the server's time under ingest (docs/benchmarks.md). An empty list matches nothing.
 */
export function anyOf(
  column: Column | SQL,
  values: readonly number[] | readonly string[],
  type: ArrayType,
): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`
}
