import { type SimulatorHandle, startSimulator } from '@teplo/simulator'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { runHeavy } from '../../lib/statement-priority.ts'
import { issueDemoCredentials } from './demo-devices.service.ts'
import { fillDemoHistory } from './demo-history.ts'
import type { DemoHistoryProgress } from './demo-history-progress.ts'

export type DemoBoilersOptions = {
  db: Database
  events: AppEventBus
  brokerUrl: string
  log: FastifyBaseLogger
  intervalSeconds?: number
  /** Days of generated history for boilers that have none (0: none). */
  historyDays?: number
  /** Stops the history fill when the server stops. */
  signal?: AbortSignal
  /** Told which boilers' past is being drawn. */
  progress?: DemoHistoryProgress
}

/**
 * The demo boilers that drive a heating installation (ADR 063): the installer's test bench has radiators, underfloor
 * heating and a buffer tank; the others are single boilers that announce none.
 */
export const DEMO_CIRCUITS: Readonly<Record<string, number>> = { '100004': 2 }

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
    devices: devices.map(({ serial, password, resume, firmwareVersion }) => ({
      serial,
      password,
      resume,
      ...(firmwareVersion ? { firmwareVersion } : {}),
      ...(DEMO_CIRCUITS[serial] ? { circuits: DEMO_CIRCUITS[serial] } : {}),
    })),
    intervalSeconds: options.intervalSeconds ?? 5,
    log: (line) => log.debug(line),
  })
  // Their past month, generated in the background (a thread of its own computes it): the dashboard is live at
  // once and the history screen says the past is still being drawn. Its statements are heavy: on the embedded database every request's statements go before them (ADR 039).
  void runHeavy(() =>
    fillDemoHistory(options.db, log, devices, options.historyDays ?? 0, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    }),
  ).catch((err: unknown) => log.error({ err }, 'demo history could not be generated'))
  const names = devices.map((device) => `${device.serial} «${device.name}»`).join(', ')
  log.info(`Demo boilers simulated: ${names} (DEMO_DEVICES=false turns them off)`)
  return simulator
}
