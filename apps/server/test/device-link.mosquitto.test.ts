import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS, type DesiredSettingsMessage, MQTT_ACCESS, topicFor } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { connectAsync, type MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { itemErrors, items } from '../src/db/schema.ts'
import {
  connectDevice,
  type Device,
  inbox,
  provisionDevice,
  publish,
  telemetry,
  waitFor,
} from './device-support.ts'
import { bearer, build, loginAs, type TestApp } from './helper.ts'

// Runs against a real broker (Mosquitto in CI): vitest.config.ts includes *.mosquitto.test.ts when
// TEST_MQTT_URL is set, e.g. TEST_MQTT_URL=mqtt://127.0.0.1:1883.
const brokerUrl = process.env.TEST_MQTT_URL ?? ''
if (!brokerUrl) throw new Error('TEST_MQTT_URL must point at an MQTT broker for this file')
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const AUTH_SECRET = randomBytes(24).toString('hex')

// The server's own account; an anonymous test broker accepts it as is.
function serverUrl(): string {
  const url = new URL(brokerUrl)
  if (!url.username) {
    url.username = 'teplo-server'
    url.password = 'server-password'
  }
  return url.toString()
}

describe('device link through an external broker', () => {
  let app: TestApp
  let adminToken: string
  const devices: Device[] = []
  const clients: MqttClient[] = []

  beforeAll(async () => {
    app = await build({
      MQTT_ENABLED: 'true',
      MQTT_URL: serverUrl(),
      // A group of its own, so other servers on the same broker do not take this file's messages.
      MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
      DEVICE_AUTH_SECRET: AUTH_SECRET,
    })
    adminToken = await loginAs(app, admin.email, admin.password)
  })

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)))
  })

  afterAll(async () => {
    // Leave no retained messages of this run on the shared broker.
    if (devices.length > 0) {
      const cleaner = await connectAsync(brokerUrl, {
        clientId: `teplo-test-${randomBytes(4).toString('hex')}`,
      })
      for (const dev of devices) {
        for (const channel of ['settings/desired', 'status'] as const) {
          await cleaner.publishAsync(topicFor(dev.serial, channel), '', { qos: 1, retain: true })
        }
      }
      await cleaner.endAsync()
    }
    await app?.closeAll()
  })

  async function device() {
    const dev = await provisionDevice(app, adminToken)
    devices.push(dev)
    return dev
  }

  async function online(dev: Device, options: Parameters<typeof connectDevice>[2] = {}) {
    const client = await connectDevice(brokerUrl, dev, options)
    clients.push(client)
    return client
  }

  async function row(itemId: number) {
    const [item] = await app.db.select().from(items).where(eq(items.id, itemId))
    return item!
  }

  it('connects to the broker as a client with shared subscriptions', () => {
    expect(app.deviceLink?.transport.kind).toBe('external')
  })

  it('ingests telemetry published through the broker', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 58.5 }))
    const item = await waitFor(async () => {
      const current = await row(dev.itemId)
      return current.heaterTemp === 58.5 && current
    })
    expect(item.status).toBe('on')
  })

  it('pushes desired settings through the broker and records the ack', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await waitFor(() => desired.some((m) => m.version === 1), 5000, 'version 1')
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(adminToken),
      payload: { pump_mode: 3 },
    })
    expect(patch.statusCode).toBe(200)
    const request = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(request.settings.pump_mode).toBe(3)
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: request.settings,
      applied_version: 2,
    })
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 5000, 'synced')
  })

  it('is honest about sync through the broker: other applied values refuse, a factory reset re-sends', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    const v1 = await waitFor(() => desired.find((m) => m.version === 1), 5000, 'version 1')
    await publish(client, dev.serial, 'settings/ack', {
      version: 1,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: { ...v1.settings, heater_temp_set: v1.settings.heater_temp_set - 1 },
      applied_version: 1,
    })
    const refused = await waitFor(async () => {
      const current = await row(dev.itemId)
      return current.syncStatus === 'refused' && current
    })
    expect(refused.syncError).toMatch(/^heater_temp_set: застосовано /)
    await publish(client, dev.serial, 'settings/ack', {
      version: 1,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: v1.settings,
      applied_version: 1,
    })
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 5000, 'synced')

    // A factory reset: telemetry reports version 0, dated 1970 by a clock not yet synchronised.
    const before = desired.length
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'reset', settings_version: 0, ts: '1970-01-01T00:00:01.000Z' }),
    )
    await waitFor(() => desired.length > before, 5000, 'desired settings sent again')
    const item = await row(dev.itemId)
    expect(item).toMatchObject({ syncStatus: 'pending', appliedVersion: 0 })
    expect(item.telemetryAt!.getFullYear()).toBe(new Date().getFullYear())
  })

  it('leaves a change made while the device is offline retained for its next connection', async () => {
    const dev = await device()
    await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(adminToken),
      payload: { boiler_temp_set: 45 },
    })
    await app.deviceLink!.settle()
    const client = await online(dev, { clean: true })
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    const delivered = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'retained version 2')
    expect(delivered.settings.boiler_temp_set).toBe(45)
  })

  it("turns a device 'connecting' on its last will", async () => {
    const dev = await device()
    const client = await online(dev, {
      will: {
        topic: topicFor(dev.serial, 'status'),
        payload: Buffer.from(JSON.stringify({ state: 'offline', ts: new Date().toISOString() })),
        qos: 1,
        retain: true,
      },
    })
    await publish(client, dev.serial, 'status', { state: 'online', ts: new Date().toISOString() }, true)
    await waitFor(async () => (await row(dev.itemId)).status === 'on', 5000, 'online')
    client.stream.destroy()
    await waitFor(async () => (await row(dev.itemId)).status === 'connecting', 5000, 'will')
  })

  it('stores error events arriving through the broker', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'events/error', {
      event_id: 'boot-1-1',
      code: 'E5',
      ts: new Date().toISOString(),
      mode_status: 1,
      heater_temp: 70,
      boiler_temp: 50,
      gas_temp: 120,
      burner_power: 40,
    })
    const stored = await waitFor(async () => {
      const rows = await app.db.select().from(itemErrors).where(eq(itemErrors.itemId, dev.itemId))
      return rows.length > 0 && rows
    })
    expect(stored[0]?.errorCode).toBe('E5')
  })

  describe('HTTP auth hook for the broker', () => {
    const post = (path: string, payload: object, secret: string | null = AUTH_SECRET) =>
      app.inject({
        method: 'POST',
        url: `/api/v2/device-auth/${path}`,
        headers: secret ? { 'x-device-auth-secret': secret } : {},
        payload,
      })

    it('accepts a device with its issued secret and refuses anything else', async () => {
      const dev = await device()
      const clientid = `teplo-${dev.serial}`
      expect(
        (await post('user', { username: dev.serial, password: dev.password, clientid })).statusCode,
      ).toBe(200)
      expect((await post('user', { username: dev.serial, password: 'guess', clientid })).statusCode).toBe(403)
      expect((await post('user', { username: '+', password: dev.password })).statusCode).toBe(403)
      const server = new URL(serverUrl())
      expect(
        (await post('user', { username: server.username, password: decodeURIComponent(server.password) }))
          .statusCode,
      ).toBe(200)
      expect((await post('user', { username: server.username, password: 'nope' })).statusCode).toBe(403)
      await app.db.update(items).set({ status: 'archive' }).where(eq(items.id, dev.itemId))
      expect((await post('user', { username: dev.serial, password: dev.password })).statusCode).toBe(403)
    })

    it('answers topic checks with the device rules; the server may use every topic', async () => {
      const own = '100001'
      const acl = (username: string, topic: string, acc: number) => post('acl', { username, topic, acc })
      expect((await acl(own, topicFor(own, 'telemetry'), MQTT_ACCESS.write)).statusCode).toBe(200)
      expect((await acl(own, topicFor('100003', 'telemetry'), MQTT_ACCESS.write)).statusCode).toBe(403)
      expect((await acl(own, topicFor(own, 'settings/desired'), MQTT_ACCESS.subscribe)).statusCode).toBe(200)
      expect((await acl(own, topicFor(own, 'settings/desired'), MQTT_ACCESS.write)).statusCode).toBe(403)
      expect((await acl(own, 'teplo/v1/devices/+/settings/desired', MQTT_ACCESS.subscribe)).statusCode).toBe(
        403,
      )
      const server = new URL(serverUrl()).username
      expect(
        (await acl(server, '$share/teplo/teplo/v1/devices/+/telemetry', MQTT_ACCESS.subscribe)).statusCode,
      ).toBe(200)
      expect((await post('superuser', { username: server })).statusCode).toBe(200)
      expect((await post('superuser', { username: own })).statusCode).toBe(403)
    })

    it('requires the shared secret, as a header or in the query', async () => {
      const payload = { username: '100001', topic: topicFor('100001', 'telemetry'), acc: 2 }
      expect((await post('acl', payload, null)).statusCode).toBe(401)
      expect((await post('acl', payload, 'wrong-secret-wrong-secret')).statusCode).toBe(401)
      const viaQuery = await app.inject({
        method: 'POST',
        url: `/api/v2/device-auth/acl?secret=${AUTH_SECRET}`,
        payload,
      })
      expect(viaQuery.statusCode).toBe(200)
      expect((await post('acl', { username: '100001', topic: 'x', acc: 9 })).statusCode).toBe(422)
    })
  })
})
