import { type DesiredSettingsMessage, encodeDeviceMessage, topicFor } from '@teplo/domain'
import type { MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request, type ServerProcess } from '../test/support/server-process.ts'
import { PrivateMosquitto, PrivatePostgres, sleep } from './engines.ts'
import {
  adminToken,
  byItem,
  connected,
  deviceClient,
  endAll,
  type FaultDevice,
  missing,
  Publisher,
  provisionDevices,
  removeDir,
  type StoredRow,
  startServer,
  storedSql,
  tempDir,
  waitUntil,
} from './harness.ts'

type Pair = { device: FaultDevice; client: MqttClient }

/**
 * Mosquitto with persistence on (as docs/operations.md recommends) restarted, killed and paused under load.
 * After its restart it answers the server's reconnection with "session present" but, being 2.0, restores no
 * shared subscription: a server that did not subscribe again after every connection stayed deaf (issue 28).
 */
describe('Mosquitto with persistence restarted, killed and paused under load', () => {
  const cleanups: (() => Promise<unknown>)[] = []
  const clients: MqttClient[] = []
  let postgres: PrivatePostgres
  let broker: PrivateMosquitto
  let server: ServerProcess
  let token: string
  let pairs: Pair[]
  /** The devices that send readings. */
  let devices: FaultDevice[]
  let settingValue = 50
  let ackDevice: FaultDevice

  beforeAll(async () => {
    postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    broker = await PrivateMosquitto.create({ persistence: true })
    cleanups.push(() => broker.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_persist')
    const dataDir = await tempDir('broker-persist')
    cleanups.push(() => removeDir(dataDir))
    server = await startServer(
      {
        dataDir,
        env: {
          DATABASE_URL: databaseUrl,
          MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${broker.port}`,
          MQTT_CLIENT_ID: 'teplo-server-faults-persist',
          MQTT_LINK_CHECK_SECONDS: '1',
        },
      },
      cleanups,
    )
    token = await adminToken(server.baseUrl)
    const provisioned = await provisionDevices(server.baseUrl, token, 4)
    devices = provisioned.slice(1)
    // Controllers wait 2 s before reconnecting (docs/device-protocol.md, "Reconnecting"); the server 0.5 s.
    const all = devices.map((device) => ({
      device,
      client: deviceClient(broker.url, device, { reconnectPeriod: 2000 }),
    }))
    clients.push(...all.map((p) => p.client))
    await Promise.all(all.map((p) => connected(p.client)))
    // The first device answers every desired set it receives with an `applied` ack; the others send readings
    // (theirs say settings_version 0, which would make the server resend to a device that acknowledged).
    pairs = all.slice(1)
    const { device, client } = all[0]!
    ackDevice = device
    client.on('message', (topic, payload) => {
      if (topic !== topicFor(device.serial, 'settings/desired') || payload.length === 0) return
      const desired = JSON.parse(payload.toString()) as DesiredSettingsMessage
      client.publish(
        topicFor(device.serial, 'settings/ack'),
        encodeDeviceMessage('settings/ack', {
          version: desired.version,
          result: 'applied',
          ts: new Date().toISOString(),
          applied: desired.settings,
          applied_version: desired.version,
        }),
        { qos: 1 },
      )
    })
    await client.subscribeAsync(topicFor(device.serial, 'settings/desired'), { qos: 1 })
  })

  afterAll(async () => {
    await endAll(clients.splice(0))
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  })

  /** /health's status code and what it says of the device link. */
  const linkHealth = async () => {
    const res = await fetch(`${server.baseUrl}/health`)
    const body = (await res.json()) as {
      device_link: { status: string; reason: string | null; check: string }
    }
    return { code: res.status, ...body.device_link }
  }

  const stored = async () => byItem(await postgres.query<StoredRow>(storedSql(devices), 'teplo_persist'))

  /** How long after `since` a reading taken after it is stored and a setting changed after it is acknowledged. */
  async function flowsAgain(since: number): Promise<{ readingMs: number; ackMs: number }> {
    const reading = waitUntil(
      async () => {
        for (const times of (await stored()).values()) {
          for (const at of times) if (at > since) return Date.now() - since
        }
        return undefined
      },
      30_000,
      'a new reading stored',
    )
    settingValue += 1
    const value = settingValue
    const itemId = ackDevice.itemId
    const patch = await request(server.baseUrl, {
      method: 'PATCH',
      path: `/api/v2/items/${itemId}`,
      token,
      body: { heater_temp_set: value },
    })
    expect(patch).toMatchObject({ kind: 'status', status: 200 })
    const ack = waitUntil(
      async () => {
        const outcome = await request(server.baseUrl, { path: `/api/v2/items/${itemId}`, token })
        if (outcome.kind !== 'status' || outcome.status !== 200) return undefined
        const { attributes } = (
          JSON.parse(outcome.body) as {
            data: { attributes: { sync_status: string; heater_temp_set: number } }
          }
        ).data
        return attributes.sync_status === 'synced' && attributes.heater_temp_set === value
          ? Date.now() - since
          : undefined
      },
      30_000,
      'the changed setting acknowledged',
    )
    const [readingMs, ackMs] = await Promise.all([reading, ack])
    return { readingMs, ackMs }
  }

  /** Every reading the broker acknowledged to a device is stored (waited for while the backlog is written). */
  async function nothingAckedLost(publisher: Publisher): Promise<string[]> {
    const acked = publisher.ackedCount
    const have = await waitUntil(
      async () => {
        const rows = await stored()
        return missing(publisher, devices, rows).length === 0 ? rows : undefined
      },
      30_000,
      `all ${acked} acknowledged readings stored`,
    ).catch(stored)
    return missing(publisher, devices, have)
  }

  it('restarted (SIGTERM, then started): readings and acks flow again within 10 s, nothing acknowledged lost', async () => {
    const publisher = new Publisher(pairs, 50)
    publisher.start()
    await waitUntil(async () => publisher.ackedCount >= 150, 30_000, '150 acknowledged readings')
    expect(await linkHealth()).toMatchObject({ code: 200, status: 'ok', check: 'canary' })
    await broker.stop()
    // The link self-check: the broker away is a 503 naming the device link.
    const away = await waitUntil(
      async () => ((await linkHealth()).code === 503 ? linkHealth() : undefined),
      3000,
      '/health 503 while the broker is down',
    )
    expect(away).toMatchObject({ status: 'failing', reason: expect.stringMatching(/device link/) })
    await sleep(2000)
    await broker.start()
    const { readingMs, ackMs } = await flowsAgain(Date.now())
    await sleep(1000)
    publisher.stop()
    await sleep(500)
    expect(readingMs).toBeLessThan(10_000)
    expect(ackMs).toBeLessThan(10_000)
    expect(await nothingAckedLost(publisher)).toEqual([])
  })

  it('killed (SIGKILL, then started): readings and acks flow again within 10 s', async () => {
    const publisher = new Publisher(pairs, 50)
    publisher.start()
    await waitUntil(async () => publisher.ackedCount >= 150, 30_000, '150 acknowledged readings')
    // Saved every second: the server's session (and what was queued for it a second ago) survives the kill.
    await broker.kill()
    await broker.start()
    const { readingMs, ackMs } = await flowsAgain(Date.now())
    publisher.stop()
    expect(readingMs).toBeLessThan(10_000)
    expect(ackMs).toBeLessThan(10_000)
  })

  it('paused (SIGSTOP, SIGCONT): readings and acks flow again within 10 s, nothing acknowledged lost', async () => {
    const publisher = new Publisher(pairs, 50)
    publisher.start()
    await waitUntil(async () => publisher.ackedCount >= 150, 30_000, '150 acknowledged readings')
    broker.pause()
    // The connection stays open but nothing comes back: after three canary periods /health says so.
    const stalled = await waitUntil(
      async () => ((await linkHealth()).code === 503 ? linkHealth() : undefined),
      5000,
      '/health 503 while the broker is paused',
    )
    expect(stalled.reason).toMatch(/no link-check message came back/)
    await sleep(1000)
    broker.resume()
    const { readingMs, ackMs } = await flowsAgain(Date.now())
    await waitUntil(async () => (await linkHealth()).code === 200, 10_000, '/health 200 again')
    expect(server.log).toMatch(/device link: failing; \/health answers 503/)
    expect(server.log).toMatch(/device link: messages flow through the broker again/)
    await sleep(1000)
    publisher.stop()
    await sleep(500)
    expect(readingMs).toBeLessThan(10_000)
    expect(ackMs).toBeLessThan(10_000)
    expect(await nothingAckedLost(publisher)).toEqual([])
    expect(server.running).toBe(true)
  })
})
