// db.execute answers differ by driver (node-postgres: rowCount, PGlite: affectedRows); both carry rows.
type RawResult = { rows?: unknown[]; rowCount?: number | null; affectedRows?: number }

export function rowsOf<T>(result: unknown): T[] {
  return ((result as RawResult).rows ?? []) as T[]
}

export function affectedRows(result: unknown): number {
  const raw = result as RawResult
  return raw.affectedRows ?? raw.rowCount ?? 0
}
