import net from 'node:net'
import { DEVICE_LINK, topicFor } from '@teplo/domain'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadConfig, StartupError } from '../../../src/config.ts'
import { items, telemetry as telemetryTable } from '../../../src/db/schema.ts'
import { DropLog } from '../../../src/modules/device-link/drop-log.ts'
import { startEmbeddedBroker } from '../../../src/modules/device-link/embedded-broker.ts'
import { device, link, online, readingsOf, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { connectDevice, publish, readItem, telemetry } from '../../support/device-support.ts'

useDeviceLinkApp()

// Device times an hour ago, a second apart: trusted (not ahead of the server's clock, after 2025).
const BASE = Date.now() - 3_600_000
const at = (seconds: number) => new Date(BASE + seconds * 1000).toISOString()

describe('settings', () => {
  it('default to an embedded broker on 1884 that tests may turn off', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      mqttEnabled: true,
      mqttPort: 1884,
      mqttHost: '0.0.0.0',
      mqttUrl: undefined,
    })
    expect(config.deviceOfflineSeconds).toBe(DEVICE_LINK.offlineAfterSeconds)
    expect(config.telemetryRetentionDays).toBe(30)
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(/MQTT_URL/)
    expect(() => loadConfig({ MQTT_URL: 'mqtt://100001:x@broker' })).toThrow(/serial/)
    expect(() => loadConfig({ DEVICE_OFFLINE_SECONDS: '0' })).toThrow(/DEVICE_OFFLINE_SECONDS/)
  })

  it('refuse to start when the MQTT port is taken, naming the setting to change', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as net.AddressInfo
    const attempt = startEmbeddedBroker({
      host: '127.0.0.1',
      port,
      log: link.app.log,
      checkCredentials: async () => false,
      onMessage: () => {},
    })
    await expect(attempt).rejects.toThrow(StartupError)
    await expect(attempt).rejects.toThrow(new RegExp(`MQTT port ${port} is already in use.*MQTT_PORT=`))
    await new Promise((resolve) => blocker.close(resolve))
  })
})

describe('device authentication and topic rules', () => {
  it('lets a verified device in with its issued secret and refuses a wrong one', async () => {
    const dev = await device()
    const client = await online(dev)
    expect(client.connected).toBe(true)
    await expect(connectDevice(link.brokerUrl, { ...dev, password: 'wrong' })).rejects.toThrow(
      /Bad username or password/,
    )
    await expect(connectDevice(link.brokerUrl, { serial: '424242', password: dev.password })).rejects.toThrow(
      /Bad username or password/,
    )
  })

  it('refuses a device that is not verified yet or archived', async () => {
    const [pending] = await link.app.db.select().from(items).where(eq(items.status, 'pending')).limit(1)
    await expect(
      connectDevice(link.brokerUrl, { serial: pending!.serialNumber, password: 'x' }),
    ).rejects.toThrow(/Bad username or password/)
    const dev = await device()
    await link.app.db.update(items).set({ status: 'archive' }).where(eq(items.id, dev.itemId))
    // The right secret of an archived device: not authorised (5), not counted as a failed login.
    await expect(connectDevice(link.brokerUrl, dev)).rejects.toThrow(/Not authorized/)
  })

  it("refuses a subscription to another device's settings or to a wildcard", async () => {
    const dev = await device()
    const other = await device()
    const client = await online(dev)
    for (const filter of [
      topicFor(other.serial, 'settings/desired'),
      'teplo/v1/devices/+/settings/desired',
      '#',
    ]) {
      // The broker answers SUBACK failure (0x80); the connection stays.
      await expect(client.subscribeAsync(filter, { qos: 1 })).rejects.toThrow(/Subscribe error/)
    }
    expect(client.connected).toBe(true)
    const own = await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    expect(own[0]?.qos).toBe(1)
  })
})

describe('telemetry ingest', () => {
  it('updates the live fields, marks the device on and stores one reading', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ ts: at(1), heater_temp: 63.5, boiler_temp: null }),
    )
    const item = await row(dev.itemId)
    expect(item).toMatchObject({
      status: 'on',
      heaterTemp: 63.5,
      boilerTemp: null,
      gasTemp: 164,
      burnerPower: 38.4,
      flameBrightness: 72,
      workMode: 6,
      burnerOn: true,
      telemetryBootId: 'boot-a',
      telemetrySeq: 1,
    })
    expect(item.lastSeenAt).not.toBeNull()
    expect(await readingsOf(dev.itemId)).toBe(1)
    const attributes = await readItem(link.app, link.adminToken, dev.itemId)
    expect(attributes).toMatchObject({ status: 'on', heater_temp: 63.5, work_mode: 6 })
  })

  it('never lets a duplicate or an older message overwrite newer state', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 5, ts: at(5), heater_temp: 65 }))
    // Same reading again (a QoS 1 redelivery), then an older one arriving late.
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 5, ts: at(5), heater_temp: 65 }))
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 4, ts: at(4), heater_temp: 40 }))
    let item = await row(dev.itemId)
    expect(item.heaterTemp).toBe(65)
    expect(item.telemetrySeq).toBe(5)
    // The late reading still belongs to the history; the duplicate does not count twice.
    expect(await readingsOf(dev.itemId)).toBe(2)

    // After a reboot the sequence restarts: the time decides.
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-b', seq: 0, ts: at(3), heater_temp: 1 }),
    )
    expect((await row(dev.itemId)).heaterTemp).toBe(65)
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-b', seq: 1, ts: at(9), heater_temp: 70 }),
    )
    item = await row(dev.itemId)
    expect(item).toMatchObject({ heaterTemp: 70, telemetryBootId: 'boot-b', telemetrySeq: 1 })
  })

  it('keeps the newest of a burst regardless of arrival order within one batch', async () => {
    const dev = await device()
    const client = await online(dev)
    await Promise.all(
      [3, 1, 4, 2].map((seq) =>
        publish(client, dev.serial, 'telemetry', telemetry({ seq, ts: at(seq), heater_temp: seq * 10 })),
      ),
    )
    const item = await row(dev.itemId)
    expect(item.heaterTemp).toBe(40)
    expect(await readingsOf(dev.itemId)).toBe(4)
  })

  it('drops invalid JSON, oversized and schema-invalid payloads and keeps working', async () => {
    const dev = await device()
    const client = await online(dev)
    const topic = topicFor(dev.serial, 'telemetry')
    await client.publishAsync(topic, '{not json', { qos: 1 })
    await client.publishAsync(topic, JSON.stringify({ ...telemetry(), pad: 'x'.repeat(5000) }), { qos: 1 })
    await client.publishAsync(topic, JSON.stringify({ ...telemetry(), heater_temp: 'hot' }), { qos: 1 })
    await client.publishAsync(topic, Buffer.from([0xff, 0xfe, 0x00]), { qos: 1 })
    await client.publishAsync(topicFor(dev.serial, 'events/error'), JSON.stringify({ code: 'E99' }), {
      qos: 1,
    })
    let item = await row(dev.itemId)
    expect(item.heaterTemp).toBeNull()
    expect(await readingsOf(dev.itemId)).toBe(0)
    expect(client.connected).toBe(true)
    await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 55 }))
    item = await row(dev.itemId)
    expect(item.heaterTemp).toBe(55)
  })

  it('logs each dropped message with its reason, at most once per device every 10 s', () => {
    const lines: unknown[] = []
    let now = 0
    const log = { warn: (entry: unknown) => lines.push(entry) } as unknown as typeof link.app.log
    const drops = new DropLog(log, () => now)
    drops.note('teplo/v1/devices/1/telemetry', '1', 'payload is not JSON')
    drops.note('teplo/v1/devices/1/telemetry', '1', 'payload is not JSON')
    drops.note('teplo/v1/devices/2/telemetry', '2', 'payload too large: 5000 bytes > 4096')
    now = 11_000
    drops.note('teplo/v1/devices/1/telemetry', '1', 'invalid telemetry: heater_temp: expected number')
    expect(lines).toEqual([
      expect.objectContaining({ serial: '1', reason: 'payload is not JSON', suppressed: 0 }),
      expect.objectContaining({ serial: '2', reason: 'payload too large: 5000 bytes > 4096' }),
      expect.objectContaining({ serial: '1', reason: expect.stringMatching(/heater_temp/), suppressed: 1 }),
    ])
  })

  it('drops messages on unknown topics or from unknown devices without touching anything', async () => {
    const before = await link.app.db.select({ n: count() }).from(telemetryTable)
    const queue = link.app.deviceLink!.queue
    queue.push({ topic: 'teplo/v1/devices/100001/firmware', payload: Buffer.from('{}') })
    queue.push({ topic: 'something/else', payload: Buffer.from('{}') })
    queue.push({
      topic: topicFor('777777777', 'telemetry'),
      payload: Buffer.from(JSON.stringify(telemetry())),
    })
    await link.app.deviceLink!.settle()
    const after = await link.app.db.select({ n: count() }).from(telemetryTable)
    expect(after[0]?.n).toBe(before[0]?.n)
  })
})
