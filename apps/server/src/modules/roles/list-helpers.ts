import { asc, desc, ilike, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { escapeLike, parseSort } from '../../lib/list-query.ts'

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
