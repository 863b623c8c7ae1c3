import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase, PGLITE_SHARED_BUFFERS } from '../../src/db/client.ts'
import { rowsOf } from '../../src/lib/sql-result.ts'

// The embedded database's memory is a WebAssembly heap that never shrinks: its shared buffers are kept small.
describe('the embedded database', () => {
  it('runs with small shared buffers', async () => {
    const handle = await openDatabase({})
    try {
      const rows = rowsOf<{ shared_buffers: string }>(await handle.db.execute(sql`show shared_buffers`))
      expect(PGLITE_SHARED_BUFFERS).toBe('16MB')
      expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS)
    } finally {
      await handle.close()
    }
  })
})
