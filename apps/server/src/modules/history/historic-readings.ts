import { HISTORY_GAP_SECONDS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { telemetryColumnList, telemetryRecordType, telemetryValuesFrom } from '../../db/telemetry-columns.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { ignitionsCte, rollupCtes } from './rollups.ts'

const GAP = sql.raw(`interval '${HISTORY_GAP_SECONDS} seconds'`)

/**
 * Stores readings of a device's past (`HistoricReading[]` as JSON text) with the setpoints and on/off they were taken under (the demo boilers'
 * generated month), folded into the rollups like ingested readings. Readings already stored are skipped.
 */
export async function storeHistoricReadings(db: Database, itemId: number, readingsJson: string) {
  // One parameter, the readings as JSON (`HistoricReading[]`): the server's thread passes text on instead of
  // building a statement of thousands of parameters.
  const result = await db.execute(sql`
    with v as (
      select ${itemId}::int as item_id, r.ts as recorded_at, ${telemetryValuesFrom('r')},
        lag(r.ts) over (order by r.ts) as batch_prev
      from json_to_recordset(${readingsJson}::json) as r(ts timestamptz, ${telemetryRecordType})
    ),
    ${sql.raw(ignitionsCte('v'))},
    stored as (
      insert into telemetry (item_id, recorded_at, ${telemetryColumnList}, interval_s)
      select v.item_id, v.recorded_at, ${telemetryValuesFrom('v')},
        coalesce(extract(epoch from v.recorded_at - greatest(
          case when v.recorded_at - v.batch_prev <= ${GAP} then v.batch_prev end,
          (select max(t.recorded_at) from telemetry t
            where t.item_id = v.item_id and t.recorded_at < v.recorded_at and t.recorded_at >= v.recorded_at - ${GAP})
        )), 0)
      from v
      on conflict (item_id, recorded_at) do nothing
      returning *
    ),
    ${rollupCtes('stored')}
    select count(*)::int as stored from stored`)
  return rowsOf<{ stored: number }>(result)[0]?.stored ?? 0
}
