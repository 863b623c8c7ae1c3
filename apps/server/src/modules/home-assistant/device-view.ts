import type { Language } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { energyCountersDocument } from '../energy/energy.service.ts'
import { fuelDocument } from '../history/fuel.service.ts'
import { type Caller, itemFor } from '../items/item-access.ts'
import { itemResource } from '../items/item-document.ts'
import type { DeviceView } from './discovery.ts'

/** The energy totals as last read, and when: they change slowly and cost a read of the daily rollup. */
export type EnergyReading = { at: number; value: DeviceView['energy'] }

const ENERGY_REFRESH_MS = 5 * 60_000

/**
 * One device as the account sees it now, with what the other screens show of it (the device type, the hopper
 * estimate, the energy totals, the open alarms); null when the account may no longer see it (a handover, a share
 * taken back) or it is not in service (awaiting pairing, archived).
 */
export async function readDeviceView(
  db: Database,
  caller: Caller,
  id: number,
  known: { energy: EnergyReading | undefined; lastCommand: DeviceView['lastCommand'] },
): Promise<{ view: DeviceView; energy: EnergyReading } | null> {
  const language: Language = caller.language ?? 'uk'
  let found: Awaited<ReturnType<typeof itemFor>>
  try {
    found = await itemFor(db, caller, id)
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) return null
    throw error
  }
  if (found.item.status === 'pending' || found.item.status === 'archive') return null
  const { attributes } = itemResource(found.item, { showCode: false, access: found.access, language })
  const [category] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from categories where id = ${found.item.categoryId}`),
  )
  const fuel = (await fuelDocument(db, id)).data.attributes
  let energy = known.energy
  if (!energy || Date.now() - energy.at > ENERGY_REFRESH_MS) {
    const counters = (await energyCountersDocument(db, id)).data.attributes
    energy = {
      at: Date.now(),
      value: { energy_kwh_total: counters.energy_kwh_total, fuel_kg_total: counters.fuel_kg_total },
    }
  }
  const alarms = rowsOf<{ kind: string }>(
    await db.execute(sql`select distinct kind from alarms where item_id = ${id} and cleared_at is null`),
  )
  return {
    energy,
    view: {
      id,
      attributes,
      model: category?.name ?? 'Teplo',
      language,
      fuel: { fuel_left_kg: fuel.fuel_left_kg, days_left: fuel.days_left },
      energy: energy.value,
      activeAlarms: new Set(alarms.map((row) => row.kind)),
      lastCommand: known.lastCommand,
    },
  }
}
