import { randomBytes } from 'node:crypto'
import {
  type DeviceChannel,
  type DeviceMessages,
  deviceClientId,
  encodeDeviceMessage,
  type TelemetryMessage,
  topicFor,
} from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { bearer } from './helper.ts'

export type Device = { serial: string; password: string; itemId: number }

/** A serial nobody else uses on a shared broker. */
export function uniqueSerial(): string {
  return `9${Date.now().toString().slice(-8)}${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`
}

let provisioned = 0

/** Registers an item as an administrator and verifies it like a controller: the real provisioning flow. */
export async function provisionDevice(app: FastifyInstance, adminToken: string, serial = uniqueSerial()) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v2/items',
    headers: bearer(adminToken),
    payload: { name: `Котел ${serial}`, owner: 'Тест', serial_number: serial, category_id: 1 },
  })
  if (created.statusCode !== 201) throw new Error(`create item: ${created.statusCode} ${created.body}`)
  const document = created.json<{ data: { id: string }; meta: { verification_token: string } }>()
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v2/items/verify-token',
    payload: { serial_number: serial, token: document.meta.verification_token },
    // Each controller calls from its own address; the endpoint is rate-limited per address.
    remoteAddress: `10.99.${Math.floor(provisioned / 250)}.${(provisioned++ % 250) + 1}`,
  })
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`)
  const { password } = verified.json<{ data: { attributes: { password: string } } }>().data.attributes
  return { serial, password, itemId: Number(document.data.id) } satisfies Device
}

/** Connects like a controller; onClient sees the client before CONNECT (to catch messages queued for it). */
export function connectDevice(
  url: string,
  device: Pick<Device, 'serial' | 'password'>,
  options: IClientOptions = {},
  onClient?: (client: MqttClient) => void,
): Promise<MqttClient> {
  const client = connect(url, {
    clientId: deviceClientId(device.serial),
    username: device.serial,
    password: device.password,
    clean: false,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  })
  onClient?.(client)
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client))
    client.once('error', (err) => {
      client.end(true)
      reject(err)
    })
  })
}

export async function publish<C extends DeviceChannel>(
  client: MqttClient,
  serial: string,
  channel: C,
  message: DeviceMessages[C],
  retain = false,
) {
  await client.publishAsync(topicFor(serial, channel), encodeDeviceMessage(channel, message), {
    qos: 1,
    retain,
  })
}

export function telemetry(overrides: Partial<TelemetryMessage> = {}): TelemetryMessage {
  return {
    boot_id: 'boot-a',
    seq: 1,
    ts: new Date().toISOString(),
    heater_temp: 61.5,
    boiler_temp: 47.2,
    gas_temp: 164,
    burner_power: 38.4,
    flame_brightness: 72,
    work_mode: 6,
    pump_mode: 1,
    burner_on: true,
    settings_version: 0,
    ...overrides,
  }
}

/** Polls until check returns a value other than undefined/false, or fails after timeoutMs. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 5000,
  what = 'condition',
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, undefined | null | false>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Collects the messages a client receives on a topic. */
export function inbox(client: MqttClient, topic: string) {
  const received: unknown[] = []
  client.on('message', (t, payload) => {
    if (t === topic && payload.length > 0) received.push(JSON.parse(payload.toString()))
  })
  return received
}

export async function readItem(app: FastifyInstance, token: string, itemId: number) {
  const res = await app.inject({ method: 'GET', url: `/api/v2/items/${itemId}`, headers: bearer(token) })
  if (res.statusCode !== 200) throw new Error(`GET item: ${res.statusCode} ${res.body}`)
  return res.json<{ data: { attributes: Record<string, unknown> } }>().data.attributes
}

/**
 * The external broker of the *.mosquitto.test.ts files (vitest.config.ts includes them when TEST_MQTT_URL is set,
 * e.g. TEST_MQTT_URL=mqtt://127.0.0.1:1883): its URL for devices, and for the server with the server's own
 * account, which an anonymous test broker accepts as is.
 */
export function externalBroker(): { deviceUrl: string; serverUrl: string } {
  const deviceUrl = process.env.TEST_MQTT_URL ?? ''
  if (!deviceUrl) throw new Error('TEST_MQTT_URL must point at an MQTT broker for this file')
  const url = new URL(deviceUrl)
  if (!url.username) {
    url.username = 'teplo-server'
    url.password = 'server-password'
  }
  return { deviceUrl, serverUrl: url.toString() }
}
