import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { freePort, PrivateMosquitto, PrivatePostgres, sleep } from './engines.ts'
import {
  adminToken,
  byItem,
  connected,
  deviceClient,
  endAll,
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

describe('server killed (SIGKILL) under ingest', () => {
  const { cleanups, clients } = useTeardown()

  it('embedded database and broker: every reading acknowledged before the kill is stored after the restart', async () => {
    const dataDir = await tempDir('kill-pglite')
    cleanups.push(() => removeDir(dataDir))
    const mqttPort = await freePort()
    const env = { MQTT_PORT: String(mqttPort) }
    let server = await startServer({ dataDir, env }, cleanups)
    const devices = await provisionDevices(server.baseUrl, await adminToken(server.baseUrl), 4)
    const brokerUrl = `mqtt://127.0.0.1:${mqttPort}`
    const pairs = devices.map((device) => ({ device, client: deviceClient(brokerUrl, device) }))
    clients.push(...pairs.map((p) => p.client))
    await Promise.all(pairs.map((p) => connected(p.client)))

    const publisher = new Publisher(pairs, 20)
    publisher.start()
    await waitUntil(async () => publisher.ackedCount >= 200, 30_000, '200 acknowledged readings')
    server.signal('SIGKILL')
    await server.exited
    publisher.stop()
    const ackedBeforeKill = publisher.ackedCount
    await endAll(pairs.map((p) => p.client))

    // The embedded database recovers at the next start (the stale data-directory lock is taken over).
    server = await startServer({ dataDir, port: server.port, env }, cleanups)
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200)
    server.signal('SIGTERM')
    expect((await server.exited).code).toBe(0)

    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    cleanups.push(() => db.close())
    const stored = byItem((await db.query<StoredRow>(storedSql(devices))).rows)
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(200)
    expect(missing(publisher, devices, stored)).toEqual([])
  })

  it('PostgreSQL and Mosquitto: readings the broker took while the server was dead are stored once it is back', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const broker = await PrivateMosquitto.create()
    cleanups.push(() => broker.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_kill')
    const dataDir = await tempDir('kill-pg')
    cleanups.push(() => removeDir(dataDir))
    const env = {
      DATABASE_URL: databaseUrl,
      MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${broker.port}`,
      MQTT_CLIENT_ID: 'teplo-server-faults-kill',
      MQTT_SESSION_EXPIRY_SECONDS: '600',
    }
    let server = await startServer({ dataDir, env }, cleanups)
    const devices = await provisionDevices(server.baseUrl, await adminToken(server.baseUrl), 4)
    const pairs = devices.map((device) => ({ device, client: deviceClient(broker.url, device) }))
    clients.push(...pairs.map((p) => p.client))
    await Promise.all(pairs.map((p) => connected(p.client)))

    const publisher = new Publisher(pairs, 20)
    publisher.start()
    await waitUntil(async () => publisher.ackedCount >= 200, 30_000, '200 acknowledged readings')
    server.signal('SIGKILL')
    await server.exited
    // The broker keeps acknowledging to the devices and queues for the server's session.
    await sleep(2000)
    publisher.stop()
    await sleep(500)
    const acked = publisher.ackedCount

    server = await startServer({ dataDir, port: server.port, env }, cleanups)
    const stored = await waitUntil(
      async () => {
        const rows = await postgres.query<StoredRow>(storedSql(devices), 'teplo_kill')
        return rows.length >= acked ? byItem(rows) : undefined
      },
      60_000,
      `all ${acked} acknowledged readings stored`,
    ).catch(async () => byItem(await postgres.query<StoredRow>(storedSql(devices), 'teplo_kill')))
    expect(missing(publisher, devices, stored)).toEqual([])
  })
})
