// The messages between the server's thread and the embedded database's thread (pglite-thread.ts).

export type ThreadOptions = {
  /** Directory of the database files; undefined keeps it in memory. */
  dataDir: string | undefined
  /** A dump (PGlite's dumpDataDir) to start from. */
  template: ArrayBuffer | undefined
  startParams: string[]
}

export type QueryRequest = {
  sql: string
  params: unknown[]
  rowMode: 'array' | 'object' | undefined
  /** Types whose values come back as the text PostgreSQL sent (parsers do not cross threads: drizzle's keep text). */
  textTypes: number[]
  paramTypes: number[] | undefined
}

export type Operation =
  | { op: 'query'; query: QueryRequest }
  | { op: 'exec'; sql: string }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }

export type Request = Operation & { id: number }

/** A failure with PostgreSQL's fields (code, detail, constraint, …), which structured cloning would drop. */
export type ThreadError = { message: string; fields: Record<string, string | number> }

export type Reply =
  | { type: 'ready' }
  | { type: 'open-failed'; error: ThreadError }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: ThreadError }
  | { type: 'notify'; channel: string; payload: string }
