import { type DeviceSettings, type ErrorCode, registerMessages, UK_MESSAGES } from '@teplo/domain'
import { DeviceAgent } from './device'
import type { Condition } from './model/conditions'
import { paramsForSerial } from './model/params'
import { type LastReadings, resumedState } from './model/state'

export type { LastReadings } from './model/state'

// A controller words its refusals in Ukrainian, with the domain's wording (ADR 055): a range it refuses reads as the
// dashboard's message does. Registered here for a simulator run on its own; the server registers all of it anyway.
registerMessages('uk', UK_MESSAGES)

export interface DeviceLogin {
  serial: string
  password: string
  /** The readings to resume from (a demo boiler after a server restart); absent: the boiler starts cold. */
  resume?: LastReadings
  /** The firmware it runs at start (default SIMULATOR_FIRMWARE_VERSION). */
  firmwareVersion?: string
  /** The settings revision its firmware knows (default: the current one, ADR 051). */
  settingsRevision?: number
  /** Heating circuits it announces (0…3, default 0: none, the single-boiler model; ADR 063). */
  circuits?: number
}

export interface SimulatorOptions {
  url: string
  devices: DeviceLogin[]
  /** Seconds between telemetry messages of each device (default 5). */
  intervalSeconds?: number
  /** Physics time acceleration (default 1). */
  speed?: number
  protocolVersion?: 4 | 5
  /** Certificate authority (PEM) for an mqtts:// broker with a private certificate. */
  ca?: Buffer
  reconnectPeriodMs?: number
  log?: (line: string) => void
  /** Devices connecting per batch, to keep thousands of simultaneous CONNECTs off the broker. */
  connectBatch?: number
}

export interface SimulatorHandle {
  devices: DeviceAgent[]
  device(serial: string): DeviceAgent | undefined
  inject(serial: string, code: ErrorCode): void
  setPower(serial: string, power: DeviceSettings['power']): void
  /** Forces overheat, frost, fire out or silence on a device until clearCondition. */
  setCondition(serial: string, condition: Condition): void
  clearCondition(serial: string): void
  /** Damages the device's next firmware download in transit: its checksum fails and the old firmware stays. */
  corruptNextDownload(serial: string): void
  /** Resolves once every device has connected at least once. */
  whenConnected(): Promise<void>
  stop(): Promise<void>
}

const BATCH_PAUSE_MS = 50

/** Starts simulated controllers in this process (CLI, the server's demo devices, tests). */
export function startSimulator(options: SimulatorOptions): SimulatorHandle {
  const intervalSeconds = options.intervalSeconds ?? 5
  const count = options.devices.length
  const devices = options.devices.map(
    (login, index) =>
      new DeviceAgent({
        url: options.url,
        serial: login.serial,
        password: login.password,
        intervalSeconds,
        speed: options.speed ?? 1,
        // Spread the telemetry of many devices evenly over one interval.
        firstTelemetryDelayMs: count > 1 ? Math.round((index / count) * intervalSeconds * 1000) : 0,
        ...(options.protocolVersion ? { protocolVersion: options.protocolVersion } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
        ...(options.reconnectPeriodMs !== undefined ? { reconnectPeriodMs: options.reconnectPeriodMs } : {}),
        ...(options.log ? { log: options.log } : {}),
        ...(login.resume ? { state: resumedState(paramsForSerial(login.serial), login.resume) } : {}),
        ...(login.firmwareVersion ? { firmwareVersion: login.firmwareVersion } : {}),
        ...(login.settingsRevision ? { settingsRevision: login.settingsRevision } : {}),
        ...(login.circuits ? { circuits: login.circuits } : {}),
      }),
  )
  const bySerial = new Map(devices.map((device) => [device.serial, device]))
  const connected = Promise.all(
    devices.map((device) => new Promise<void>((resolve) => device.once('connect', () => resolve()))),
  )

  const batch = Math.max(1, options.connectBatch ?? 200)
  let stopped = false
  const starter = (async () => {
    for (let i = 0; i < devices.length && !stopped; i += batch) {
      for (const device of devices.slice(i, i + batch)) device.start()
      if (i + batch < devices.length) await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS))
    }
  })()

  function required(serial: string): DeviceAgent {
    const device = bySerial.get(serial)
    if (!device) throw new Error(`unknown device ${serial}`)
    return device
  }

  return {
    devices,
    device: (serial) => bySerial.get(serial),
    inject: (serial, code) => {
      required(serial).inject(code)
    },
    setPower: (serial, power) => required(serial).setPower(power),
    setCondition: (serial, condition) => required(serial).setCondition(condition),
    clearCondition: (serial) => required(serial).clearCondition(),
    corruptNextDownload: (serial) => required(serial).corruptNextDownload(),
    whenConnected: async () => {
      await connected
    },
    stop: async () => {
      stopped = true
      await starter
      await Promise.all(devices.map((device) => device.stop()))
    },
  }
}

export { SIMULATOR_FIRMWARE_VERSION } from './controller-runtime'
export {
  type GeneratedHistory,
  type HistoricReading,
  type HistoryScenario,
  simulateHistory,
  simulateHistoryDays,
} from './history'
export { CONDITIONS, type Condition, isCondition } from './model/conditions'
