import { type SimulatorHandle, startSimulator } from '@teplo/simulator'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { issueDemoCredentials } from './demo-devices.service.ts'

export type DemoBoilersOptions = {
  db: Database
  events: AppEventBus
  brokerUrl: string
  log: FastifyBaseLogger
  intervalSeconds?: number
}

/**
 * Starts simulated controllers for the seeded demo boilers on the embedded broker, so that a fresh install shows
 * live values at once. Null when the database holds no demo boiler that may connect.
 */
export async function startDemoBoilers(options: DemoBoilersOptions): Promise<SimulatorHandle | null> {
  const { events, log } = options
  const devices = await issueDemoCredentials(options.db)
  if (devices.length === 0) {
    log.info('no demo boilers to simulate')
    return null
  }
  // Same as a controller proving its code: the device link gives the item its first desired settings version.
  for (const device of devices) {
    events.emit('item.verified', { itemId: device.id, serialNumber: device.serial })
    events.emit('item.updated', { itemId: device.id })
  }
  const simulator = startSimulator({
    url: options.brokerUrl,
    devices: devices.map(({ serial, password }) => ({ serial, password })),
    intervalSeconds: options.intervalSeconds ?? 5,
    log: (line) => log.debug(line),
  })
  const names = devices.map((device) => `${device.serial} «${device.name}»`).join(', ')
  log.info(`Demo boilers simulated: ${names} (DEMO_DEVICES=false turns them off)`)
  return simulator
}
