import { sql } from 'drizzle-orm'
import { connect } from 'mqtt'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client.ts'
import { isDatabaseUnavailable } from '../src/lib/database-errors.ts'
import { rowsOf } from '../src/lib/sql-result.ts'
import { isJsonApiUnavailable, tally } from '../test/support/server-process.ts'
import { PrivateMosquitto, PrivatePostgres, sleep } from './engines.ts'
import {
  adminToken,
  byItem,
  connected,
  deviceClient,
  missing,
  Publisher,
  provisionDevices,
  ReadLoop,
  removeDir,
  type StoredRow,
  startServer,
  storedSql,
  tempDir,
  useTeardown,
  waitUntil,
} from './harness.ts'

describe('PostgreSQL restarted (fast shutdown) under load, two instances', () => {
  const { cleanups, clients } = useTeardown()

  it('a connection the server ends while checked out of the pool is an error for its holder, not for the process', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const handle = await openDatabase({ databaseUrl: await postgres.createDatabase('teplo_checked_out') })
    cleanups.push(() => handle.close())
    // What `pg_ctl stop -m fast` does to every session, done to the one a transaction holds between two statements:
    // without a listener on the checked-out client its 'error' event is unhandled and ends the process (Vitest
    // reports it as an unhandled error and fails the run).
    const failure = await handle.db
      .transaction(async (tx) => {
        const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [
          { pid: number },
        ]
        await postgres.query(`select pg_terminate_backend(${pid})`)
        await sleep(300)
        await tx.execute(sql`select 1`)
      })
      .then(
        () => null,
        (err: unknown) => err,
      )
    expect(failure).not.toBeNull()
    expect(isDatabaseUnavailable(failure)).toBe(true)
    // The pool dropped the dead client: the next statement gets a new connection.
    expect(rowsOf(await handle.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }])
  })

  it('both instances stay alive, answer 503 or 200 meanwhile, recover by themselves and lose no acknowledged reading', async () => {
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const broker = await PrivateMosquitto.create()
    cleanups.push(() => broker.destroy())
    // The owner's Home Assistant broker: its connection (held by one of the two) outlives the restart too.
    const homeBroker = await PrivateMosquitto.create()
    cleanups.push(() => homeBroker.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_restart')
    const env = {
      DATABASE_URL: databaseUrl,
      MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${broker.port}`,
      HOME_ASSISTANT_ALLOW_PRIVATE: 'true',
      HOME_ASSISTANT_RETRY_SECONDS: '1',
    }
    const dirA = await tempDir('pg-restart-a')
    const dirB = await tempDir('pg-restart-b')
    cleanups.push(
      () => removeDir(dirA),
      () => removeDir(dirB),
    )
    // One logs JSON, the other pretty lines: neither shows the broker's password, in the banner or anywhere.
    const [a, b] = await Promise.all([
      startServer({ dataDir: dirA, env: { ...env, LOG_FORMAT: 'json' } }, cleanups),
      startServer({ dataDir: dirB, env }, cleanups),
    ])
    for (const server of [a, b]) expect(server.log).toContain('mqtt://teplo-server:***@127.0.0.1')

    const token = await adminToken(a.baseUrl)
    const devices = await provisionDevices(a.baseUrl, token, 8)
    const pairs = devices.map((device) => ({ device, client: deviceClient(broker.url, device) }))
    clients.push(...pairs.map((p) => p.client))
    await Promise.all(pairs.map((p) => connected(p.client)))
    const watched = devices[0]!
    const home = await homeAssistantState(homeBroker.url, watched.serial)
    clients.push(home.client)
    const linked = await fetch(`${a.baseUrl}/api/v2/me/home-assistant`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ broker_url: homeBroker.url, item_ids: [watched.itemId] }),
    })
    expect(linked.status).toBe(200)
    await waitUntil(async () => home.latest() !== null, 20_000, 'the state in Home Assistant')

    // Ingest on both (shared subscription) and reads on both: connections are checked out when the server ends them.
    const publisher = new Publisher(pairs, 40)
    publisher.start()
    const loops = [a, b].map((server) => new ReadLoop(server, `/api/v2/items/${devices[0]!.itemId}`, token))
    for (const loop of loops) loop.start()
    await waitUntil(async () => publisher.ackedCount > 200, 20_000, 'readings flowing')

    for (const loop of loops) loop.phase = 'outage'
    await postgres.stop()
    await sleep(3000)
    await postgres.start()
    for (const loop of loops) loop.phase = 'after'

    // Both recover by themselves: reads answer 200 again and new readings are acknowledged.
    const ackedAtRestart = publisher.ackedCount
    for (const loop of loops)
      await waitUntil(
        async () => loop.after.some((o) => o.kind === 'status' && o.status === 200),
        30_000,
        'a 200 after the restart',
      )
    await waitUntil(
      async () => publisher.ackedCount > ackedAtRestart + 100,
      30_000,
      'readings after the restart',
    )
    // Home Assistant follows again: a setpoint changed after the restart reaches its state.
    await waitUntil(
      async () => {
        const changed = await fetch(`${b.baseUrl}/api/v2/items/${watched.itemId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ heater_temp_set: 66 }),
        })
        return changed.status === 200
      },
      30_000,
      'a setpoint saved after the restart',
    )
    await waitUntil(async () => home.latest()?.heater_temp_set === 66, 30_000, '66 in Home Assistant')
    publisher.stop()
    await Promise.all(loops.map((loop) => loop.stop()))
    await sleep(500)

    expect(a.running).toBe(true)
    expect(b.running).toBe(true)
    for (const server of [a, b]) expect(server.log).not.toContain(':secret@')
    // Meanwhile: a 200 (a connection the pool had already made again) or a JSON:API 503 with Retry-After.
    for (const loop of loops) {
      const unexpected = loop.outage.filter(
        (o) => !isJsonApiUnavailable(o) && !(o.kind === 'status' && o.status === 200),
      )
      expect(unexpected, JSON.stringify(tally(loop.outage))).toEqual([])
    }

    const acked = publisher.ackedCount
    const stored = await waitUntil(
      async () => {
        const rows = await postgres.query<StoredRow>(storedSql(devices), 'teplo_restart')
        if (rows.length < acked) return undefined
        return byItem(rows)
      },
      30_000,
      `all ${acked} acknowledged readings stored`,
    )
    expect(missing(publisher, devices, stored)).toEqual([])
  })
})

/** A client playing Home Assistant: the last state document of one boiler. */
async function homeAssistantState(url: string, serial: string) {
  const client = connect(url, { clientId: `faults-ha-${serial}`, reconnectPeriod: 1000 })
  let latest: { heater_temp_set?: number } | null = null
  client.on('message', (_topic, payload) => {
    if (payload.length > 0) latest = JSON.parse(payload.toString())
  })
  await new Promise<void>((resolve) => client.once('connect', () => resolve()))
  await client.subscribeAsync(`teplo/${serial}/state`, { qos: 1 })
  return { client, latest: () => latest }
}
