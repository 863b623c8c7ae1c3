import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS, type DesiredSettingsMessage, topicFor } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { connectAsync, type MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { itemErrors, items } from '../../../src/db/schema.ts'
import { storedMessage } from '../../../src/lib/stored-message.ts'
import {
  connectDevice,
  type Device,
  externalBroker,
  inbox,
  provisionDevice,
  publish,
  telemetry,
  waitFor,
} from '../../support/device-support.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'

const { deviceUrl: brokerUrl, serverUrl } = externalBroker()
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

describe('device link through an external broker', () => {
  let app: TestApp
  let adminToken: string
  const devices: Device[] = []
  const clients: MqttClient[] = []

  beforeAll(async () => {
    app = await build({
      MQTT_ENABLED: 'true',
      MQTT_URL: serverUrl,
      // A group of its own, so other servers on the same broker do not take this file's messages.
      MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
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
    // Stored as a keyed message, rendered in the reader's language (ADR 055).
    expect(storedMessage(refused.syncError, 'uk')).toMatch(/^heater_temp_set: застосовано /)
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
    // Version 1 (the dashboard's values, set when the device is verified) first, so the change is version 2.
    await app.deviceLink!.settle()
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(adminToken),
      payload: { boiler_temp_set: 45 },
    })
    expect(patch.statusCode).toBe(200)
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

  it('sees two controllers with one identity take the session from each other (clone detection)', async () => {
    const dev = await device()
    // Each CONNECT with the same client id takes the session over on Mosquitto as on the embedded broker.
    for (const bootId of ['m-a', 'm-b', 'm-a', 'm-b']) {
      const client = await online(dev)
      await publish(client, dev.serial, 'status', {
        state: 'online',
        ts: new Date().toISOString(),
        boot_id: bootId,
      })
    }
    const stored = await waitFor(
      async () => {
        const item = await row(dev.itemId)
        return item.identityTakeovers >= 2 && item
      },
      10_000,
      'two takeovers',
    )
    expect(stored.identityBootIds?.slice(0, 2).map((entry) => entry.id)).toEqual(['m-b', 'm-a'])
  })
})
