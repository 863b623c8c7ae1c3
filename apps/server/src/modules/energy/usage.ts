import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { energyRows, fuelKg, fuelParameters } from '../history/fuel.service.ts'

// What a device used between two instants, from the rollups (modules/history/rollups.ts): the burner energy and
// its fuel, the burner hours and the ignitions. The controller's own counters are preferred where every reading
// of the range carried them (their difference across the range); otherwise Teplo derives them from the readings
// (the seconds with the burner lit, the ignitions seen between readings at most a gap apart).

export interface Usage {
  energy_kwh: number
  fuel_kg: number
  burner_hours: number
  ignitions: number | null
  covered_s: number
}

export type CounterSource = 'controller' | 'derived'

/** The usage with where its burner hours and ignitions come from, and the readings it is made of. */
export interface UsageDetail extends Usage {
  burner_hours_source: CounterSource
  ignitions_source: CounterSource
  samples: number
}

const USAGE_COLUMNS = sql.raw(`bucket, energy_kwh, covered_s, samples, burner_on_s, lit_count,
  burner_hours_min, burner_hours_max, burner_hours_n, ignitions_min, ignitions_max, ignitions_n`)

type UsageRow = {
  energy: number | string
  covered: number | string
  samples: number | string
  on_s: number | string
  lit: number | string
  hours_min: number | string | null
  hours_max: number | string | null
  hours_n: number | string
  ign_min: number | string | null
  ign_max: number | string | null
  ign_n: number | string
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value))

/** The usage with its sources (the energy counters' screen says which counters the controller gave). */
export async function usageDetailBetween(
  db: Database,
  itemId: number,
  from: Date,
  to: Date,
  /** The device's fuel settings when the caller has read them already (one read for several ranges). */
  knownFuel?: Awaited<ReturnType<typeof fuelParameters>>,
): Promise<UsageDetail> {
  const result = await db.execute(sql`
    select coalesce(sum(energy_kwh), 0) as energy, coalesce(sum(covered_s), 0) as covered,
      coalesce(sum(samples), 0) as samples, coalesce(sum(burner_on_s), 0) as on_s,
      coalesce(sum(lit_count), 0) as lit,
      min(burner_hours_min) as hours_min, max(burner_hours_max) as hours_max,
      coalesce(sum(burner_hours_n), 0) as hours_n,
      min(ignitions_min) as ign_min, max(ignitions_max) as ign_max, coalesce(sum(ignitions_n), 0) as ign_n
    from (${energyRows(itemId, from, to, USAGE_COLUMNS)}) rows`)
  const [row] = rowsOf<UsageRow>(result)
  const fuel = knownFuel ?? (await fuelParameters(db, itemId))
  const energy = Number(row?.energy ?? 0)
  const samples = Number(row?.samples ?? 0)
  const hoursMin = numberOrNull(row?.hours_min ?? null)
  const hoursMax = numberOrNull(row?.hours_max ?? null)
  const ignMin = numberOrNull(row?.ign_min ?? null)
  const ignMax = numberOrNull(row?.ign_max ?? null)
  // A counter speaks for the range only when every reading in it carried the counter.
  const hoursFromController =
    samples > 0 && Number(row?.hours_n) === samples && hoursMin !== null && hoursMax !== null
  const ignitionsFromController =
    samples > 0 && Number(row?.ign_n) === samples && ignMin !== null && ignMax !== null
  return {
    energy_kwh: energy,
    fuel_kg: fuelKg(energy, fuel),
    burner_hours: hoursFromController ? hoursMax! - hoursMin! : Number(row?.on_s ?? 0) / 3600,
    // Nothing read in the range: how often the burner lit is unknown.
    ignitions: ignitionsFromController ? ignMax! - ignMin! : samples > 0 ? Number(row?.lit ?? 0) : null,
    covered_s: Number(row?.covered ?? 0),
    burner_hours_source: hoursFromController ? 'controller' : 'derived',
    ignitions_source: ignitionsFromController ? 'controller' : 'derived',
    samples,
  }
}

/** Energy, fuel, burner hours and ignitions of a device between two instants (the maintenance intervals, the counters). */
export async function usageBetween(db: Database, itemId: number, from: Date, to: Date): Promise<Usage> {
  const detail = await usageDetailBetween(db, itemId, from, to)
  return {
    energy_kwh: detail.energy_kwh,
    fuel_kg: detail.fuel_kg,
    burner_hours: detail.burner_hours,
    ignitions: detail.ignitions,
    covered_s: detail.covered_s,
  }
}
