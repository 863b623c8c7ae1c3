import { HISTORY_GAP_SECONDS } from '@teplo/domain'
import type { HistoricReading } from '@teplo/simulator'
import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { rollupCtes } from './rollups.ts'

const GAP = sql.raw(`interval '${HISTORY_GAP_SECONDS} seconds'`)

function row(itemId: number, r: HistoricReading): SQL {
  return sql`(${itemId}::int, ${r.ts}::timestamptz, ${r.heater_temp}::float8, ${r.heater_temp_set}::float8,
    ${r.boiler_temp}::float8, ${r.boiler_temp_set}::float8, ${r.gas_temp}::float8, ${r.burner_power}::float8,
    ${r.flame_brightness}::float8, ${r.work_mode}::int2, ${r.pump_mode}::int2, ${r.burner_on}::boolean,
    ${r.is_on}::boolean)`
}

/**
 * Stores readings of a device's past with the setpoints and on/off they were taken under (the demo boilers'
 * generated month), folded into the rollups like ingested readings. Readings already stored are skipped.
 */
export async function storeHistoricReadings(db: Database, itemId: number, readings: HistoricReading[]) {
  if (readings.length === 0) return 0
  const result = await db.execute(sql`
    with v as (
      select v.*, lag(v.recorded_at) over (order by v.recorded_at) as batch_prev
      from (values ${sql.join(
        readings.map((reading) => row(itemId, reading)),
        sql`, `,
      )}) as v(item_id, recorded_at, heater_temp, heater_temp_set, boiler_temp, boiler_temp_set, gas_temp,
        burner_power, flame_brightness, work_mode, pump_mode, burner_on, is_on)
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
