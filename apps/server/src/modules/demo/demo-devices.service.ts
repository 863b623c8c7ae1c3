import type { LastReadings } from '@teplo/simulator'
import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { UNLINKED_STATUSES } from '../device-link/device-credentials.ts'
import { items } from '../items/items.tables.ts'

export type DemoDevice = {
  id: number
  serial: string
  name: string
  password: string
  resume: LastReadings
  /** The firmware it last reported: an updated demo boiler keeps its version across restarts. */
  firmwareVersion: string | null
  /** Its set power (kW): the generated past burns at the same scale as the live boiler. */
  burnerPowerSet: number
}

/**
 * Gives each simulated boiler (`items.simulated`, set by the demo seed, ADR 053) that may use the link a fresh
 * device secret (stored as its hash) and returns the credentials for the in-process simulator. A real device that
 * happens to carry a demo serial is never touched. A restart rotates the secrets.
 */
export async function issueDemoCredentials(db: Database): Promise<DemoDevice[]> {
  const rows = await db
    .select({
      id: items.id,
      serial: items.serialNumber,
      name: items.name,
      // The last readings: a restarted server's demo boilers carry on from them instead of starting cold.
      heaterTemp: items.heaterTemp,
      tankTemp: items.boilerTemp,
      gasTemp: items.gasTemp,
      burnerPower: items.burnerPower,
      flameBrightness: items.flameBrightness,
      workMode: items.workMode,
      // The controller's counters as last reported: a restarted demo boiler's counters never go back.
      burnerHours: sql<
        number | null
      >`(select max(d.burner_hours_max) from telemetry_1d d where d.item_id = ${items.id})`,
      ignitions: sql<
        number | null
      >`(select max(d.ignitions_max) from telemetry_1d d where d.item_id = ${items.id})`,
      firmwareVersion: items.firmwareVersion,
      burnerPowerSet: items.burnerPowerSet,
    })
    .from(items)
    .where(and(eq(items.simulated, true), notInArray(items.status, UNLINKED_STATUSES)))
    .orderBy(items.serialNumber)
  const devices: DemoDevice[] = []
  for (const row of rows) {
    const password = generateSecret()
    await db
      .update(items)
      .set({ deviceSecretHash: sha256(password) })
      .where(eq(items.id, row.id))
    const { id, serial, name, firmwareVersion, burnerPowerSet, ...resume } = row
    devices.push({ id, serial, name, password, resume, firmwareVersion, burnerPowerSet })
  }
  return devices
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]'])

/** Where a client in this process reaches the embedded broker, from its listening address and host. */
export function localBrokerUrl(address: string, host: string): string {
  const port = /:(\d+)$/.exec(address)?.[1]
  if (!port) throw new Error(`no port in broker address ${address}`)
  const target = WILDCARD_HOSTS.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return `mqtt://${target}:${port}`
}
