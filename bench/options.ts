import { parseArgs } from 'node:util'

export type BrokerKind = 'embedded' | 'mosquitto'

export type BenchOptions = {
  devices: number
  intervalSeconds: number
  durationSeconds: number
  broker: BrokerKind
  /** External broker for --broker mosquitto. */
  mosquittoUrl: string
  /** Devices whose items are polled through the API and streamed over SSE to time the path. */
  watchers: number
  /** New connections per batch; the next batch starts when this one is answered. */
  connectBatch: number
  pollMs: number
  databaseUrl: string
  /** Another checkout whose server to run (a before/after comparison); default this one. */
  serverRoot: string | undefined
  /** Seconds the stored count may stand still before the drain is given up. */
  drainStallSeconds: number
  /** Directory for a V8 CPU profile of the server (node --cpu-prof), written when it stops. */
  profileDir: string | undefined
  /** One account's heavy reads (8 at once, round after round) and another's GET /me while publishing. */
  heavyReads: boolean
  /** Seconds of publishing before the measured window (every device online, its first reading stored). */
  warmUpSeconds: number
}

export const USAGE = `Usage: npm run bench:ingest -- [options]

  --devices N         simulated devices (default 10000)
  --interval K        seconds between two telemetry messages of one device (default 10)
  --duration D        seconds of publishing (default 60)
  --broker KIND       embedded (default) or mosquitto
  --mosquitto-url U   broker for --broker mosquitto (default mqtt://127.0.0.1:1883)
  --watchers W        devices timed through the API and SSE (default 50)
  --connect-batch B   connections opened at once (default 250)
  --poll-ms P         API polling period while a watched message is in flight (default 10)
  --database-url U    PostgreSQL server to create the bench database on (default postgres://postgres@127.0.0.1:5432)
  --server-root DIR   run the server of another checkout (a before/after comparison; default this one)
  --drain-stall S     seconds without a new stored row before waiting for the backlog ends (default 30)
  --heavy-reads       meanwhile one account reads two years of history and consumption, 8 at once, round after
                      round, and another's GET /me is timed (issue 29)
  --warm-up S         publish S seconds before measuring, so that the window starts with every device online
                      and its first reading stored (default 0: the window includes the devices' first messages)
  --profile DIR       write a V8 CPU profile of the server into DIR (summary: tsx bench/cpu-profile.ts <file>)
`

function positive(name: string, value: string | undefined, fallback: number, integer = true): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new Error(
      `--${name} must be a positive ${integer ? 'whole ' : ''}number, got ${JSON.stringify(value)}`,
    )
  }
  return n
}

export function readOptions(argv: string[]): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      interval: { type: 'string' },
      duration: { type: 'string' },
      broker: { type: 'string' },
      'mosquitto-url': { type: 'string' },
      watchers: { type: 'string' },
      'connect-batch': { type: 'string' },
      'poll-ms': { type: 'string' },
      'database-url': { type: 'string' },
      'server-root': { type: 'string' },
      'drain-stall': { type: 'string' },
      profile: { type: 'string' },
      'heavy-reads': { type: 'boolean' },
      'warm-up': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) return null
  const broker = values.broker ?? 'embedded'
  if (broker !== 'embedded' && broker !== 'mosquitto') {
    throw new Error(`--broker must be embedded or mosquitto, got ${JSON.stringify(broker)}`)
  }
  const devices = positive('devices', values.devices, 10_000)
  return {
    devices,
    intervalSeconds: positive('interval', values.interval, 10, false),
    durationSeconds: positive('duration', values.duration, 60, false),
    broker,
    mosquittoUrl: values['mosquitto-url'] ?? 'mqtt://127.0.0.1:1883',
    watchers: Math.min(devices, positive('watchers', values.watchers, 50)),
    connectBatch: positive('connect-batch', values['connect-batch'], 250),
    pollMs: positive('poll-ms', values['poll-ms'], 10),
    databaseUrl: values['database-url'] ?? 'postgres://postgres@127.0.0.1:5432',
    serverRoot: values['server-root'],
    drainStallSeconds: positive('drain-stall', values['drain-stall'], 30, false),
    profileDir: values.profile,
    heavyReads: values['heavy-reads'] ?? false,
    warmUpSeconds: values['warm-up'] === undefined ? 0 : positive('warm-up', values['warm-up'], 0, false),
  }
}
