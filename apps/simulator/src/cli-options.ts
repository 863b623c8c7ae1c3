import { parseArgs } from 'node:util'
import { currentSettingsRevision, type ErrorCode, toErrorCode } from '@teplo/domain'
import { CONDITIONS, type Condition, isCondition } from './model/conditions'
import { MAX_SIMULATED_CIRCUITS } from './model/installation'

export interface CliOptions {
  url: string
  /** --url was given: it wins over the broker named in a credentials answer. */
  urlGiven?: true
  devices?: string
  credentialsFile?: string
  count?: number
  api?: string
  intervalSeconds: number
  speed: number
  protocolVersion: 4 | 5
  /** PEM file of the certificate authority to trust for mqtts:// (a private or self-signed certificate). */
  ca?: string
  inject?: { code: ErrorCode; serial?: string }
  fault?: { condition: Condition; serial?: string }
  /** The settings revision the simulated firmware knows (ADR 051): an older controller in the field. */
  settingsRevision?: number
  /** Heating circuits each simulated controller announces (0…3; ADR 063). */
  circuits?: number
  help: boolean
}

export const USAGE = `teplo-simulator — simulated pellet boiler controllers on the Teplo MQTT link

  --url <mqtt url>            broker (default: the one the credentials answer names, else mqtt://127.0.0.1:1884)
  --devices s:p[,s:p…]        serial:password pairs from items/verify-token
  --credentials-file <path>   JSON array of {serial|username, password}
  --count <n> --api <url>     register n new devices on the server first (demo creator account)
  --interval <seconds>        telemetry period (default 5)
  --speed <factor>            physics time acceleration (default 1)
  --protocol 4|5              MQTT 3.1.1 (4, default) or 5 (5 needs Mosquitto: the embedded broker speaks 3.1.1)
  --ca <pem file>             certificate authority to trust for an mqtts:// broker (private certificate)
  --inject <E1…E10> [--device <serial>]   raise an error once after connecting (default: every device)
  --fault overheat|frost|fire-out|silence [--device <serial>]   force a situation after connecting
  --settings-revision <n>     act as firmware that knows the settings up to revision n (default: the newest)
  --circuits 0|1|2|3          heating circuits each controller announces with its installation (default 0: none)
  --help

While running, type: inject <serial> E3 | power <serial> on|off | fault <serial> overheat | clear <serial> | status | quit`

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number`)
  return number
}

export function parseCliOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      devices: { type: 'string' },
      'credentials-file': { type: 'string' },
      count: { type: 'string' },
      api: { type: 'string' },
      interval: { type: 'string' },
      speed: { type: 'string' },
      protocol: { type: 'string' },
      ca: { type: 'string' },
      inject: { type: 'string' },
      fault: { type: 'string' },
      device: { type: 'string' },
      'settings-revision': { type: 'string' },
      circuits: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  const help = values.help ?? false
  const count = values.count === undefined ? undefined : positive('count', values.count, 1)
  if (!help && !values.devices && !values['credentials-file'] && count === undefined) {
    throw new Error('give --devices, --credentials-file or --count with --api')
  }
  if (count !== undefined && !values.api) throw new Error('--count needs --api to register the devices')
  if (values.protocol !== undefined && values.protocol !== '4' && values.protocol !== '5') {
    throw new Error('--protocol must be 4 or 5')
  }
  let inject: CliOptions['inject']
  if (values.inject !== undefined) {
    const code = toErrorCode(values.inject)
    if (!code) throw new Error('--inject must be one of E1…E10')
    inject = { code, ...(values.device ? { serial: values.device } : {}) }
  }
  let fault: CliOptions['fault']
  if (values.fault !== undefined) {
    if (!isCondition(values.fault)) throw new Error(`--fault must be one of ${CONDITIONS.join(', ')}`)
    fault = { condition: values.fault, ...(values.device ? { serial: values.device } : {}) }
  }
  let settingsRevision: number | undefined
  if (values['settings-revision'] !== undefined) {
    const newest = currentSettingsRevision()
    settingsRevision = Number(values['settings-revision'])
    if (!Number.isInteger(settingsRevision) || settingsRevision < 1 || settingsRevision > newest)
      throw new Error(`--settings-revision must be a whole number from 1 to ${newest}`)
  }
  let circuits: number | undefined
  if (values.circuits !== undefined) {
    circuits = /^\d$/.test(values.circuits) ? Number(values.circuits) : Number.NaN
    if (!(circuits >= 0 && circuits <= MAX_SIMULATED_CIRCUITS))
      throw new Error(`--circuits must be a whole number from 0 to ${MAX_SIMULATED_CIRCUITS}`)
  }
  return {
    url: values.url ?? 'mqtt://127.0.0.1:1884',
    ...(values.url !== undefined ? { urlGiven: true as const } : {}),
    ...(values.devices ? { devices: values.devices } : {}),
    ...(values['credentials-file'] ? { credentialsFile: values['credentials-file'] } : {}),
    ...(count !== undefined ? { count: Math.floor(count) } : {}),
    ...(values.api ? { api: values.api } : {}),
    intervalSeconds: positive('interval', values.interval, 5),
    speed: positive('speed', values.speed, 1),
    protocolVersion: values.protocol === '5' ? 5 : 4,
    ...(values.ca ? { ca: values.ca } : {}),
    ...(inject ? { inject } : {}),
    ...(fault ? { fault } : {}),
    ...(settingsRevision !== undefined ? { settingsRevision } : {}),
    ...(circuits ? { circuits } : {}),
    help,
  }
}
