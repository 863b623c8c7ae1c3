import http from 'node:http'
import { describe, expect, it } from 'vitest'
import type { ServerProcess } from '../test/support/server-process.ts'
import { PrivateMosquitto, PrivatePostgres, sleep } from './engines.ts'
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

/** The `item` events of one live stream (GET /api/v2/live), with the gas temperature each carried. */
function liveStream(server: ServerProcess, itemId: number, token: string) {
  const gasTemps: (number | null)[] = []
  let buffer = ''
  const url = `${server.baseUrl}/api/v2/live?item_id=${itemId}`
  const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (!block.includes('event: item')) continue
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5))
          .join('')
        const doc = JSON.parse(data) as { data: { attributes: { gas_temp: number | null } } }
        gasTemps.push(doc.data.attributes.gas_temp)
      }
    })
  })
  req.on('error', () => {})
  return { gasTemps, close: () => req.destroy() }
}

describe('two server instances on one PostgreSQL and one Mosquitto', () => {
  const { cleanups, clients } = useTeardown()

  it('share the ingest, process each message once, and push live updates to the clients of both', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const broker = await PrivateMosquitto.create()
    cleanups.push(() => broker.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_two')
    // The same settings on both; each derives its own session id from its host name and port.
    const env = { DATABASE_URL: databaseUrl, MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${broker.port}` }
    const dirA = await tempDir('two-a')
    const dirB = await tempDir('two-b')
    cleanups.push(
      () => removeDir(dirA),
      () => removeDir(dirB),
    )
    const a = await startServer({ dataDir: dirA, env }, cleanups)
    const b = await startServer({ dataDir: dirB, env }, cleanups)

    const token = await adminToken(a.baseUrl)
    const devices = await provisionDevices(a.baseUrl, token, 6)
    const pairs = devices.map((device) => ({ device, client: deviceClient(broker.url, device) }))
    clients.push(...pairs.map((p) => p.client))
    await Promise.all(pairs.map((p) => connected(p.client)))

    const watched = devices[0]!
    const streamA = liveStream(a, watched.itemId, token)
    const streamB = liveStream(b, watched.itemId, token)
    cleanups.push(
      async () => streamA.close(),
      async () => streamB.close(),
    )
    await waitUntil(
      async () => streamA.gasTemps.length > 0 && streamB.gasTemps.length > 0,
      15_000,
      'both live streams open',
    )

    const publisher = new Publisher(pairs, 50)
    publisher.start()
    await sleep(4000)
    publisher.stop()
    await sleep(500)
    const acked = publisher.ackedCount

    const stored = await waitUntil(
      async () => {
        const rows = await postgres.query<StoredRow>(storedSql(devices), 'teplo_two')
        if (rows.length < acked) return undefined
        return byItem(rows)
      },
      30_000,
      `all ${acked} readings stored`,
    )
    expect(missing(publisher, devices, stored)).toEqual([])

    // Each message went to one instance: the two counts add up to what was sent, and both took a share.
    const [ha, hb] = await Promise.all([health(a), health(b)])
    expect(ha.ingest!.written).toBeGreaterThan(0)
    expect(hb.ingest!.written).toBeGreaterThan(0)
    expect(ha.ingest!.written + hb.ingest!.written).toBe(publisher.sent)

    // Both instances' live clients saw the watched device's new readings, whichever instance wrote them.
    const lastGas = await waitUntil(
      async () => {
        const last = streamA.gasTemps.at(-1)
        return last !== undefined && last !== null && streamB.gasTemps.at(-1) === last ? last : undefined
      },
      10_000,
      'the same latest reading on both live streams',
    )
    expect(lastGas).toBeGreaterThanOrEqual(100)
    expect(streamA.gasTemps.length).toBeGreaterThan(1)
    expect(streamB.gasTemps.length).toBeGreaterThan(1)
  })
})
