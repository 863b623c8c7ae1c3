import { describe, expect, it } from 'vitest'
import { isJsonApiUnavailable, type Outcome, request, tally } from '../test/support/server-process.ts'
import { freePort, PrivatePostgres, sleep } from './engines.ts'
import {
  adminToken,
  byItem,
  connected,
  deviceClient,
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

const OUTAGE_MS = 20_000

describe('PostgreSQL stopped for 20 s under traffic', () => {
  const { cleanups, clients } = useTeardown()

  it('answers JSON:API 503s meanwhile, recovers without a restart and loses no acknowledged reading', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_outage')
    const dataDir = await tempDir('outage')
    cleanups.push(() => removeDir(dataDir))
    const mqttPort = await freePort()
    const server = await startServer(
      { dataDir, env: { DATABASE_URL: databaseUrl, MQTT_PORT: String(mqttPort) } },
      cleanups,
    )
    const token = await adminToken(server.baseUrl)
    const devices = await provisionDevices(server.baseUrl, token, 3)
    const pairs = devices.map((device) => ({
      device,
      client: deviceClient(`mqtt://127.0.0.1:${mqttPort}`, device),
    }))
    clients.push(...pairs.map((p) => p.client))
    await Promise.all(pairs.map((p) => connected(p.client)))

    const publisher = new Publisher(pairs, 100)
    publisher.start()
    // A client reading a device every 100 ms, as a dashboard would.
    const during: Outcome[] = []
    let phase = 'before' as 'before' | 'outage' | 'after'
    const after: Outcome[] = []
    let reading = true
    const reader = (async () => {
      while (reading) {
        const outcome = await request(server.baseUrl, { path: `/api/v2/items/${devices[0]!.itemId}`, token })
        if (phase === 'outage') during.push(outcome)
        if (phase === 'after') after.push(outcome)
        await sleep(100)
      }
    })()

    await sleep(2000)
    const ackedBefore = publisher.ackedCount
    expect(ackedBefore).toBeGreaterThan(0)
    await postgres.stop()
    phase = 'outage'
    await sleep(OUTAGE_MS)
    phase = 'after'
    await postgres.start()

    // Recovery without a restart: reads answer 200 again, the devices' held readings are written.
    await waitUntil(
      async () => after.some((o) => o.kind === 'status' && o.status === 200),
      30_000,
      'a 200 after the outage',
    )
    // The ingest retries with pauses of up to 5 s: the readings held during the outage are acknowledged then.
    await waitUntil(
      async () => publisher.ackedCount > ackedBefore + 10,
      30_000,
      'readings acknowledged after the outage',
    )
    publisher.stop()
    reading = false
    await reader
    expect(server.running).toBe(true)

    // During the outage: JSON:API 503 with Retry-After, never a 500 or a dropped connection.
    expect(during.length).toBeGreaterThan(10)
    const unexpected = during.filter((o) => !isJsonApiUnavailable(o))
    expect(unexpected, JSON.stringify(tally(during))).toEqual([])

    const acked = publisher.ackedCount
    expect(acked).toBeGreaterThan(ackedBefore)
    const stored = await waitUntil(
      async () => {
        const rows = await postgres.query<StoredRow>(storedSql(devices), 'teplo_outage')
        if (rows.length < acked) return undefined
        return byItem(rows)
      },
      30_000,
      `all ${acked} acknowledged readings stored`,
    )
    expect(missing(publisher, devices, stored)).toEqual([])
    expect(server.log).not.toContain('too many clients')
  })
})
