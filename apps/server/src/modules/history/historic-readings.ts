import { HISTORY_GAP_SECONDS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { rollupCtes } from './rollups.ts'

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
      select ${itemId}::int as item_id, r.ts as recorded_at, r.heater_temp, r.heater_temp_set, r.boiler_temp,
        r.boiler_temp_set, r.gas_temp, r.burner_power, r.flame_brightness, r.work_mode, r.pump_mode,
        r.burner_on, r.is_on, lag(r.ts) over (order by r.ts) as batch_prev
      from json_to_recordset(${readingsJson}::json) as r(ts timestamptz, heater_temp float8,
        heater_temp_set float8, boiler_temp float8, boiler_temp_set float8, gas_temp float8, burner_power float8,
        flame_brightness float8, work_mode int2, pump_mode int2, burner_on boolean, is_on boolean)
    ),
    stored as (
      insert into telemetry (item_id, recorded_at, heater_temp, heater_temp_set, boiler_temp, boiler_temp_set,
        gas_temp, burner_power, flame_brightness, work_mode, pump_mode, burner_on, is_on, interval_s)
      select v.item_id, v.recorded_at, v.heater_temp, v.heater_temp_set, v.boiler_temp, v.boiler_temp_set,
        v.gas_temp, v.burner_power, v.flame_brightness, v.work_mode, v.pump_mode, v.burner_on, v.is_on,
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
