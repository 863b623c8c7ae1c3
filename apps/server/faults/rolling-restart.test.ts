import { describe, expect, it } from 'vitest'
import { request } from '../test/support/server-process.ts'
import { freePort, PrivateMosquitto, PrivatePostgres, sleep } from './engines.ts'
import { adminToken, removeDir, startServer, tempDir, useTeardown, waitUntil } from './harness.ts'
import { HealthCheckingProxy } from './health-proxy.ts'

/** Clients reading and writing through the proxy; every answer other than 2xx is a client error. */
class ClientLoop {
  readonly errors: string[] = []
  readonly acknowledged: string[] = []
  requests = 0
  private running = true
  private readonly loops: Promise<void>[] = []

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly run: string,
    clients: number,
  ) {
    for (let c = 0; c < clients; c++) this.loops.push(this.loop(c))
  }

  private async loop(client: number): Promise<void> {
    for (let n = 0; this.running; n++) {
      const write = (client + n) % 2 === 0
      const name = `rr-${this.run}-${client}-${n}`
      const outcome = await request(
        this.baseUrl,
        write
          ? { method: 'POST', path: '/api/v2/tags', token: this.token, body: { name, color: '#336699' } }
          : { path: '/api/v2/items', token: this.token },
      )
      this.requests += 1
      if (outcome.kind === 'status' && outcome.status >= 200 && outcome.status < 300) {
        if (write) this.acknowledged.push(name)
      } else {
        this.errors.push(
          `${write ? 'POST /tags' : 'GET /items'}: ${outcome.kind === 'status' ? outcome.status : outcome.kind}`,
        )
      }
      await sleep(20)
    }
  }

  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.loops)
  }
}

// Issue 30 point 4: every graceful stop turned 14–29 requests away with 503 before the balancer's check noticed.
// With SHUTDOWN_DELAY_SECONDS an instance first fails /health while still serving, so the balancer takes it out.
describe('a rolling restart of two instances behind a health-checking proxy', () => {
  const { cleanups } = useTeardown()

  it('costs the clients no error, and every acknowledged write is stored', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const broker = await PrivateMosquitto.create({ persistence: true })
    cleanups.push(() => broker.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_rolling')
    const env = {
      DATABASE_URL: databaseUrl,
      MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${broker.port}`,
      // Six checks of the proxy's 500 ms: it has taken the instance out long before the stop begins.
      SHUTDOWN_DELAY_SECONDS: '3',
      TRUST_PROXY: '127.0.0.1',
    }
    const instances = []
    for (const name of ['a', 'b']) {
      const dataDir = await tempDir(`rolling-${name}`)
      cleanups.push(() => removeDir(dataDir))
      const port = await freePort()
      instances.push({ dataDir, port, server: await startServer({ dataDir, env, port }, cleanups) })
    }
    const proxy = await HealthCheckingProxy.create(instances.map((i) => i.server.baseUrl))
    cleanups.push(() => proxy.close())
    await waitUntil(async () => proxy.inRotation(0) && proxy.inRotation(1), 10_000, 'both in rotation')

    const token = await adminToken(proxy.url)
    const clients = new ClientLoop(proxy.url, token, Date.now().toString(36), 6)
    await sleep(2000)
    const stops: { instance: number; exitCode: number | null; servedBefore: number }[] = []
    for (const [index, instance] of instances.entries()) {
      const servedBefore = proxy.served(index)
      instance.server.signal('SIGTERM')
      const exit = await instance.server.exited
      stops.push({ instance: index, exitCode: exit.code, servedBefore })
      instance.server = await startServer({ dataDir: instance.dataDir, env, port: instance.port }, cleanups)
      await waitUntil(async () => proxy.inRotation(index), 10_000, `instance ${index} back in rotation`)
      await sleep(2000)
    }
    const servedAtEnd = [proxy.served(0), proxy.served(1)]
    await clients.stop()

    expect(stops.map((s) => s.exitCode)).toEqual([0, 0])
    expect(clients.errors).toEqual([])
    // Both instances served before their stop and again after their start.
    for (const stop of stops) {
      expect(stop.servedBefore).toBeGreaterThan(0)
      expect(servedAtEnd[stop.instance]).toBeGreaterThan(stop.servedBefore)
    }
    const rows = await postgres.query<{ name: string }>(
      `select name from tags where name like 'rr-%'`,
      'teplo_rolling',
    )
    const stored = new Set(rows.map((row) => row.name))
    expect(clients.acknowledged.filter((name) => !stored.has(name))).toEqual([])
    expect(clients.acknowledged.length).toBeGreaterThan(100)
    console.info(
      `rolling restart: ${clients.requests} requests through the proxy, ${clients.errors.length} client errors, ` +
        `${clients.acknowledged.length} writes acknowledged and stored`,
    )
  })
})
