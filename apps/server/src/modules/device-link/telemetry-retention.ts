import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { affectedRows } from './sql-result.ts'

/** Deletes telemetry rows older than the retention period; returns how many went. */
export async function deleteOldTelemetry(db: Database, retentionDays: number): Promise<number> {
  const result = await db.execute(sql`
    delete from telemetry where recorded_at < now() - make_interval(days => ${retentionDays}::int)`)
  return affectedRows(result)
}
