import { HEATING_INSTALLATION_TYPE, type HeatingInstallationDocument } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { type Caller, visibleItem } from '../items/item-access.ts'
import { itemInstallations } from './installation.tables.ts'

/** The installation a device's controller announced; `data: null` when it never announced one (ADR 063). */
export async function getHeatingInstallation(
  db: Database,
  caller: Caller,
  id: number,
): Promise<HeatingInstallationDocument> {
  const item = await visibleItem(db, caller, id)
  const [row] = await db.select().from(itemInstallations).where(eq(itemInstallations.itemId, item.id))
  if (!row) return { data: null }
  const { message } = row
  return {
    data: {
      type: HEATING_INSTALLATION_TYPE,
      id: String(item.id),
      attributes: {
        circuits: message.circuits.map((circuit) => ({ ...circuit, name: circuit.name ?? null })),
        outdoor_sensor: message.outdoor_sensor,
        buffer_tank: message.buffer_tank,
        hot_water: message.hot_water,
        settings: message.settings,
        announced_at: formatDate(row.announcedAt),
        received_at: formatDate(row.receivedAt),
        readings:
          row.readings && row.readingsAt
            ? {
                at: formatDate(row.readingsAt),
                // Each announced circuit once, in its order; a sensor not reported is null.
                circuits: message.circuits.map(({ n }) => {
                  const reading = row.readings!.circuits.find((c) => c.n === n)
                  return {
                    n,
                    flow_temp: reading?.flow_temp ?? null,
                    room_temp: reading?.room_temp ?? null,
                    valve_pos: reading?.valve_pos ?? null,
                    pump_on: reading?.pump_on ?? null,
                  }
                }),
                buffer_top: row.readings.buffer_top,
                buffer_bottom: row.readings.buffer_bottom,
              }
            : null,
      },
      links: { self: `/api/v2/items/${item.id}/installation` },
    },
  }
}
