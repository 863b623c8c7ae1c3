import { DEMO_ACCOUNTS, type DesiredSettingsMessage, topicFor } from '@teplo/domain'
import { count, eq } from 'drizzle-orm'
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { items, telemetry } from '../../src/db/schema.ts'
import { connectDevice, type Device, inbox, provisionDevice, waitFor } from './device-support.ts'
import { build, loginAs, type TestApp } from './helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

/** The app of a device-link test file, with its embedded broker on a free port. */
export const link = { app: undefined as unknown as TestApp, adminToken: '', brokerUrl: '' }
const clients: MqttClient[] = []

/** Builds the app once for the file and disconnects the devices a test left connected. */
export function useDeviceLinkApp(overrides: Record<string, string> = {}): void {
  beforeAll(async () => {
    link.app = await build({
      MQTT_ENABLED: 'true',
      MQTT_HOST: '127.0.0.1',
      // A free port: never collides with a dev server or Mosquitto on 1883.
      MQTT_PORT: '0',
      ...overrides,
    })
    link.adminToken = await loginAs(link.app, admin.email, admin.password)
    link.brokerUrl = link.app.deviceLink!.transport.address
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)))
  })
  afterAll(async () => {
    await link.app?.closeAll()
  })
}

/** A newly registered and verified device (the real provisioning flow). */
export const device = () => provisionDevice(link.app, link.adminToken)

/** Connects a device to the embedded broker; it is disconnected after the test. */
export async function online(
  dev: Pick<Device, 'serial' | 'password'>,
  options: Parameters<typeof connectDevice>[2] = {},
) {
  const client = await connectDevice(link.brokerUrl, dev, options)
  clients.push(client)
  return client
}

/** The stored item once everything received so far is written. */
export async function row(itemId: number) {
  await link.app.deviceLink!.settle()
  const [item] = await link.app.db.select().from(items).where(eq(items.id, itemId))
  return item!
}

export async function readingsOf(itemId: number) {
  await link.app.deviceLink!.settle()
  const [result] = await link.app.db
    .select({ n: count() })
    .from(telemetry)
    .where(eq(telemetry.itemId, itemId))
  return result?.n ?? 0
}

/** Disconnects the client after the test. */
export function track(client: MqttClient): MqttClient {
  clients.push(client)
  return client
}

/** A verified device, connected and subscribed, that has received version 1 of its desired settings. */
export async function subscribedDevice() {
  const dev = await device()
  const client = await online(dev)
  const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
  await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
  await waitFor(() => desired.some((m) => m.version === 1), 5000, 'version 1')
  return { dev, client, desired }
}
