import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  DEMO_ACCOUNTS,
  deviceClientId,
  encodeDeviceMessage,
  type TelemetryMessage,
  topicFor,
} from '@teplo/domain'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { afterEach } from 'vitest'
import { login, type Outcome, request, ServerProcess } from '../test/support/server-process.ts'
import { freePort, sleep } from './engines.ts'

export const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `teplo-faults-${prefix}-`))
}

export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true })

/** What a server's /health says of its ingest. */
export type Health = { ingest: { written: number; dropped: number; backlog: number } | null }

export async function health(server: ServerProcess): Promise<Health> {
  return (await (await fetch(`${server.baseUrl}/health`)).json()) as Health
}

/** The real server as a process (test/support/server-process.ts) on a free port, waited for until it is ready. */
export async function startServer(
  options: { dataDir: string; env?: Record<string, string>; port?: number },
  cleanups: (() => Promise<unknown>)[],
): Promise<ServerProcess> {
  const server = ServerProcess.start({
    dataDir: options.dataDir,
    port: options.port ?? (await freePort()),
    env: { MQTT_PORT: String(await freePort()), ...options.env },
  })
  cleanups.push(() => server.kill())
  started.push(server)
  await server.ready(90_000)
  return server
}

/** Every server `startServer` started in the current test, for the guard in `useTeardown`. */
const started: ServerProcess[] = []

/** The embedded broker's address, from the server's start-up banner. */
export function embeddedBrokerUrl(server: ServerProcess): string {
  const match = /mqtt:\/\/[0-9.]+:\d+/.exec(server.log)
  if (!match) throw new Error(`no broker address in the server's output:\n${server.log}`)
  return match[0]
}

export type FaultDevice = { serial: string; password: string; itemId: number }

let serialCounter = 0
function newSerial(): string {
  return `8${Date.now().toString().slice(-7)}${process.pid % 1000}${String(serialCounter++).padStart(3, '0')}`
}

export type RegisteredDevice = { serial: string; code: string; itemId: number }

/** Registers a device through the HTTP API, as an installer would: pending, with its pairing code. */
export async function registerDevice(baseUrl: string, token: string): Promise<RegisteredDevice> {
  const serial = newSerial()
  const created = await request(baseUrl, {
    method: 'POST',
    path: '/api/v2/items',
    token,
    body: { name: `Котел ${serial}`, owner: 'Тест', serial_number: serial, category_id: 1 },
  })
  if (created.kind !== 'status' || created.status !== 201)
    throw new Error(`create: ${JSON.stringify(created)}`)
  const document = JSON.parse(created.body) as { data: { id: string }; meta: { verification_token: string } }
  return { serial, code: document.meta.verification_token, itemId: Number(document.data.id) }
}

/** A controller proving its pairing code (`POST /items/verify-token`), whatever the answer. */
export function verifyDevice(baseUrl: string, device: RegisteredDevice): Promise<Outcome> {
  return request(baseUrl, {
    method: 'POST',
    path: '/api/v2/items/verify-token',
    body: { serial_number: device.serial, token: device.code },
  })
}

/** Registers and pairs devices through the HTTP API, as an installer and a controller would. */
export async function provisionDevices(
  baseUrl: string,
  token: string,
  count: number,
): Promise<FaultDevice[]> {
  const devices: FaultDevice[] = []
  for (let i = 0; i < count; i++) {
    const registered = await registerDevice(baseUrl, token)
    const verified = await verifyDevice(baseUrl, registered)
    if (verified.kind !== 'status' || verified.status !== 200)
      throw new Error(`verify: ${JSON.stringify(verified)}`)
    const { password } = (JSON.parse(verified.body) as { data: { attributes: { password: string } } }).data
      .attributes
    devices.push({ serial: registered.serial, password, itemId: registered.itemId })
  }
  return devices
}

export async function adminToken(baseUrl: string): Promise<string> {
  return login(baseUrl, admin.email, admin.password)
}

export function deviceClient(url: string, device: FaultDevice, options: IClientOptions = {}): MqttClient {
  return connect(url, {
    clientId: deviceClientId(device.serial),
    username: device.serial,
    password: device.password,
    clean: false,
    reconnectPeriod: 500,
    connectTimeout: 5000,
    ...options,
  })
}

export function connected(client: MqttClient, timeoutMs = 30_000): Promise<void> {
  if (client.connected) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('device did not connect')), timeoutMs)
    client.once('connect', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

function reading(seq: number, ts: Date): TelemetryMessage {
  return {
    boot_id: 'faults',
    seq,
    ts: ts.toISOString(),
    heater_temp: 60,
    boiler_temp: 45,
    gas_temp: 100 + (seq % 500),
    burner_power: 30,
    flame_brightness: 70,
    work_mode: 6,
    pump_mode: 1,
    burner_on: true,
    settings_version: 0,
  }
}

/**
 * Devices publishing QoS 1 telemetry every `everyMs`, each reading with its own millisecond: `acked` holds the
 * times the broker acknowledged per device (what must be stored), `sent` every attempt.
 */
export class Publisher {
  readonly acked = new Map<string, Set<number>>()
  sent = 0
  private timer: NodeJS.Timeout | null = null
  private seq = 0
  private clock = Date.now()

  constructor(
    private readonly clients: { device: FaultDevice; client: MqttClient }[],
    private readonly everyMs = 50,
  ) {
    for (const { device } of clients) this.acked.set(device.serial, new Set())
  }

  get ackedCount(): number {
    let n = 0
    for (const set of this.acked.values()) n += set.size
    return n
  }

  start(): void {
    this.timer = setInterval(() => {
      for (const { device, client } of this.clients) {
        if (!client.connected) continue
        // Distinct, increasing times even when two ticks share a millisecond.
        this.clock = Math.max(this.clock + 1, Date.now())
        const at = this.clock
        const message = reading(++this.seq, new Date(at))
        this.sent++
        client.publish(
          topicFor(device.serial, 'telemetry'),
          encodeDeviceMessage('telemetry', message),
          { qos: 1 },
          (err) => {
            if (!err) this.acked.get(device.serial)?.add(at)
          },
        )
      }
    }, this.everyMs)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}

/** Which acknowledged readings are not stored, given the stored times per item. */
export function missing(publisher: Publisher, devices: FaultDevice[], stored: Map<number, Set<number>>) {
  const lost: string[] = []
  for (const device of devices) {
    const have = stored.get(device.itemId) ?? new Set()
    for (const at of publisher.acked.get(device.serial) ?? []) {
      if (!have.has(at)) lost.push(`${device.serial}@${new Date(at).toISOString()}`)
    }
  }
  return lost
}

export type StoredRow = { item_id: number; ms: string | number }

/** The instants (ms) of the devices' stored readings, as rows of `item_id` and `ms`. */
export const storedSql = (devices: FaultDevice[]) =>
  `select item_id, (extract(epoch from recorded_at) * 1000)::bigint as ms from telemetry
   where item_id in (${devices.map((d) => d.itemId).join(',')})`

/** Stored instants per item, from rows of `storedSql`. */
export function byItem(rows: StoredRow[]): Map<number, Set<number>> {
  const stored = new Map<number, Set<number>>()
  for (const row of rows) {
    const set = stored.get(row.item_id) ?? new Set<number>()
    set.add(Number(row.ms))
    stored.set(row.item_id, set)
  }
  return stored
}

export async function waitUntil<T>(
  check: () => Promise<T | undefined | false | null>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined && value !== null && value !== false) return value as T
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(200)
  }
}

export async function endAll(clients: MqttClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})))
}

/**
 * What a test started, ended after each test: device clients first, then the cleanups in reverse order (a
 * server before the database it writes to). Then the guard: the test fails when any server it started met an
 * unhandled 'error' event or rejection, an uncaught exception, or exited without being told to — whatever the
 * fault, no dependency's error may end the process.
 */
export function useTeardown(): { cleanups: (() => Promise<unknown>)[]; clients: MqttClient[] } {
  const cleanups: (() => Promise<unknown>)[] = []
  const clients: MqttClient[] = []
  afterEach(async () => {
    const servers = started.splice(0)
    const crashes = servers.map((server) => server.crash).filter((crash) => crash !== null)
    await endAll(clients.splice(0))
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
    if (crashes.length > 0) throw new Error(crashes.join('\n\n'))
  })
  return { cleanups, clients }
}

/** A client reading one path every `everyMs`, its outcomes kept by phase (before, during and after a fault). */
export class ReadLoop {
  phase: 'before' | 'outage' | 'after' = 'before'
  readonly outage: Outcome[] = []
  readonly after: Outcome[] = []
  private running = false
  private done: Promise<void> = Promise.resolve()

  constructor(
    private readonly server: ServerProcess,
    private readonly path: string,
    private readonly token: string,
    private readonly everyMs = 100,
  ) {}

  start(): void {
    this.running = true
    this.done = (async () => {
      while (this.running) {
        const outcome = await request(this.server.baseUrl, { path: this.path, token: this.token })
        if (this.phase === 'outage') this.outage.push(outcome)
        if (this.phase === 'after') this.after.push(outcome)
        await sleep(this.everyMs)
      }
    })()
  }

  stop(): Promise<void> {
    this.running = false
    return this.done
  }
}
