import { asc, count, desc, ilike, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client.ts'
import { escapeLike, type ListQuery, pageMeta, pagination, parseSort } from './list-query.ts'

// filter[name]: case-insensitive substring; absent or blank filters match everything.
export function nameFilter(column: PgColumn, value: string | undefined): SQL | undefined {
  const needle = value?.trim()
  return needle ? ilike(column, `%${escapeLike(needle)}%`) : undefined
}

// The id breaks ties (seeded rows share created_at), so pages never overlap and '-x' is the exact reverse.
export function sortOrder(sort: string, columns: Record<string, PgColumn>, id: PgColumn): SQL[] {
  const { column, descending } = parseSort(sort)
  const direction = descending ? desc : asc
  return [direction(columns[column] ?? columns.created_at ?? id), direction(id)]
}

export type ListPageOptions = {
  where: SQL | undefined
  orderBy: SQL[]
  // The list's address, for the page links.
  path: string
}

// One page of a table's rows, with the list's meta.page and links.
export async function listPage<Table extends PgTable>(
  db: Database,
  table: Table,
  { where, orderBy, path }: ListPageOptions,
  query: ListQuery,
  rawQuery: Record<string, unknown>,
) {
  const { limit, offset } = pagination(query)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ])
  return { rows: rows as Table['$inferSelect'][], page: pageMeta(total?.n ?? 0, query, path, rawQuery) }
}
