import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { CutProxy, PrivateMosquitto, PrivatePostgres, sleep } from './engines.ts'
import {
  adminToken,
  byItem,
  connected,
  deviceClient,
  health,
  missing,
  Publisher,
  provisionDevices,
  removeDir,
  type StoredRow,
  startServer,
  storedSql,
  tempDir,
  useTeardown,
  waitUntil,
} from './harness.ts'

// The connection between the server and Mosquitto breaks while the broker has thousands of messages on their way
// to the server (sent, not yet acknowledged by it): the server reconnects to its persistent session and every
// reading the broker acknowledged to a device is stored — none lost with the connection, none twice.
describe("the server's connection to Mosquitto cut with messages in flight", () => {
  const { cleanups, clients } = useTeardown()

  it('reconnects and stores every reading the broker acknowledged to the devices', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const broker = await PrivateMosquitto.create()
    cleanups.push(() => broker.destroy())
    const proxy = await CutProxy.create(broker.port)
    cleanups.push(() => proxy.close())
    const databaseUrl = await postgres.createDatabase('teplo_cut')
    const dataDir = await tempDir('broker-cut')
    cleanups.push(() => removeDir(dataDir))
    const server = await startServer(
      {
        dataDir,
        env: {
          DATABASE_URL: databaseUrl,
          MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${proxy.port}`,
          MQTT_CLIENT_ID: 'teplo-server-faults-cut',
          MQTT_SESSION_EXPIRY_SECONDS: '600',
        },
      },
      cleanups,
    )
    const devices = await provisionDevices(server.baseUrl, await adminToken(server.baseUrl), 20)
    const pairs = devices.map((device) => ({ device, client: deviceClient(broker.url, device) }))
    clients.push(...pairs.map((p) => p.client))
    await Promise.all(pairs.map((p) => connected(p.client)))

    const publisher = new Publisher(pairs, 20)
    publisher.start()
    await waitUntil(
      async () => ((await health(server)).ingest?.written ?? 0) >= 1000,
      60_000,
      '1,000 readings stored',
    )

    // The telemetry table locked against writes: the server keeps receiving and holds the readings (and their
    // acknowledgements to the broker) until it can store them, so thousands are in flight when the cut comes.
    const lock = new pg.Client({ connectionString: databaseUrl })
    await lock.connect()
    cleanups.push(() => lock.end())
    await lock.query('begin')
    await lock.query('lock table telemetry in share mode')
    const held = await waitUntil(
      async () => {
        const backlog = (await health(server)).ingest?.backlog ?? 0
        return backlog >= 3000 && backlog
      },
      60_000,
      '3,000 readings held by the server',
    )
    proxy.cut()
    await sleep(1000)
    // The lock released: what the server held is written, over a connection the broker no longer has.
    await lock.query('commit')
    await sleep(1500)
    proxy.restore()
    await sleep(1500)
    await waitUntil(async () => proxy.connections === 1, 30_000, 'the server back on the broker')

    // The server frozen (SIGSTOP): the broker goes on sending it readings that sit in socket buffers and in the
    // relay; the cut throws them away unread. Only the broker's redelivery of its in-flight messages to the
    // session can bring them to the server.
    const beforeFreeze = publisher.ackedCount
    server.signal('SIGSTOP')
    await sleep(2000)
    proxy.cut()
    server.signal('SIGCONT')
    await sleep(1000)
    proxy.restore()
    await sleep(1500)
    await waitUntil(async () => proxy.connections === 1, 30_000, 'the server back on the broker')

    // The server's side closed while the broker's side stays open and silent (the server gave up on a connection
    // the broker still holds, as after a stalled event loop): the server's new connection takes its session over
    // from the old one, with the messages the broker had sent on the old one still unacknowledged.
    await waitUntil(
      async () => ((await health(server)).ingest?.backlog ?? 0) > 0 || undefined,
      10_000,
      'readings held',
    )
    const beforeTakeover = publisher.ackedCount
    await lock.query('begin')
    await lock.query('lock table telemetry in share mode')
    await waitUntil(
      async () => ((await health(server)).ingest?.backlog ?? 0) >= 1000 || undefined,
      60_000,
      '1,000 readings held by the server',
    )
    proxy.cut({ halfOpen: true })
    await lock.query('commit')
    await sleep(500)
    proxy.restore()
    await waitUntil(async () => proxy.connections === 1, 30_000, 'the server back on the broker')
    await sleep(1500)
    publisher.stop()
    await sleep(500)
    const acked = publisher.ackedCount
    expect(acked - beforeTakeover).toBeGreaterThan(1000)
    expect(held).toBeGreaterThanOrEqual(3000)
    expect(acked - beforeFreeze).toBeGreaterThan(1500)

    const countSql = `select count(*)::int as n from telemetry where item_id in (${devices.map((d) => d.itemId).join(',')})`
    const rows = await waitUntil(
      async () => {
        const found = await postgres.query<StoredRow>(storedSql(devices), 'teplo_cut')
        return found.length >= acked ? found : undefined
      },
      90_000,
      `all ${acked} acknowledged readings stored`,
    ).catch(() => postgres.query<StoredRow>(storedSql(devices), 'teplo_cut'))
    const stored = byItem(rows)
    const lost = missing(publisher, devices, stored)
    expect(lost.length, `${lost.length} of ${acked} acknowledged readings lost`).toBe(0)
    // Delivered again after the reconnection, stored once.
    const [count] = await postgres.query<{ n: number }>(countSql, 'teplo_cut')
    expect(count?.n).toBe(rows.length)
    expect(server.log).toMatch(/reconnecting to broker/)
    expect((await health(server)).ingest?.dropped).toBe(0)
  })
})
