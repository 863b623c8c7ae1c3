import {
  DEFAULT_DEVICE_SETTINGS,
  type DesiredSettingsMessage,
  parseDeviceMessage,
  parseDeviceTopic,
  settingsAckMessageSchema,
  statusMessageSchema,
  telemetryMessageSchema,
  topicFor,
} from '@teplo/domain'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../src/simulator'
import { SERVER_PASSWORD, SERVER_USER, startTestBroker, type TestBroker } from './test-broker'

const SERIAL = '700001'
const OTHER = '700002'
const devices = { [SERIAL]: 'secret-1', [OTHER]: 'secret-2' }

interface Received {
  topic: string
  payload: string
  retain: boolean
}

let broker: TestBroker
let server: MqttClient
let simulator: SimulatorHandle
const received: Received[] = []

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function on(serial: string, channel: string, after = 0) {
  return received.slice(after).filter((m) => {
    const parsed = parseDeviceTopic(m.topic)
    return parsed?.serial === serial && parsed.channel === channel
  })
}

async function connectServer(url: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    username: SERVER_USER,
    password: SERVER_PASSWORD,
    reconnectPeriod: 100,
  })
  client.on('message', (topic, payload, packet) =>
    received.push({ topic, payload: payload.toString(), retain: packet.retain }),
  )
  await client.subscribeAsync('teplo/v1/devices/#', { qos: 1 })
  return client
}

function publishDesired(serial: string, message: DesiredSettingsMessage) {
  return server.publishAsync(topicFor(serial, 'settings/desired'), JSON.stringify(message), {
    qos: 1,
    retain: true,
  })
}

beforeAll(async () => {
  broker = await startTestBroker(devices)
  server = await connectServer(broker.url)
  simulator = startSimulator({
    url: broker.url,
    devices: [
      { serial: SERIAL, password: devices[SERIAL] },
      { serial: OTHER, password: devices[OTHER] },
    ],
    intervalSeconds: 0.2,
    speed: 30,
    reconnectPeriodMs: 100,
  })
  await simulator.whenConnected()
})

afterAll(async () => {
  await simulator?.stop()
  await server?.endAsync()
  await broker?.close()
})

describe('simulated device on the MQTT link', () => {
  it('announces itself online (retained) and sends telemetry that the domain schema accepts', async () => {
    const online = await waitFor(() => on(SERIAL, 'status').at(0), 'online status')
    const status = statusMessageSchema.parse(JSON.parse(online.payload))
    expect(status.state).toBe('online')
    expect(status.firmware_version).toBe('1.0.0')
    const snapshots = await waitFor(() => {
      const list = on(SERIAL, 'telemetry')
      return list.length >= 3 ? list : undefined
    }, 'three telemetry messages')
    const parsed = snapshots.map((m) => parseDeviceMessage('telemetry', m.payload))
    for (const result of parsed) expect(result.ok).toBe(true)
    const seqs = parsed.map((r) => (r.ok ? r.message.seq : -1))
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    const first = telemetryMessageSchema.parse(JSON.parse(snapshots[0]?.payload ?? ''))
    expect(first.settings_version).toBe(0)
    expect(first.firmware_version).toBe('1.0.0')
  })

  it('applies a desired set, acks it and reports the new version in telemetry', async () => {
    const from = received.length
    await publishDesired(SERIAL, {
      version: 1,
      ts: new Date().toISOString(),
      settings: { ...DEFAULT_DEVICE_SETTINGS, heater_temp_set: 72, pump_mode: 3 },
    })
    const ack = await waitFor(() => on(SERIAL, 'settings/ack', from).at(0), 'ack')
    expect(settingsAckMessageSchema.parse(JSON.parse(ack.payload))).toMatchObject({
      version: 1,
      result: 'applied',
      applied_version: 1,
      applied: { heater_temp_set: 72, pump_mode: 3 },
    })
    const telemetry = await waitFor(
      () => on(SERIAL, 'telemetry', from).find((m) => JSON.parse(m.payload).settings_version === 1),
      'telemetry with version 1',
    )
    expect(JSON.parse(telemetry.payload).pump_mode).toBe(3)
  })

  it('refuses an out-of-range set with the reason and keeps the applied one', async () => {
    const from = received.length
    await publishDesired(SERIAL, {
      version: 2,
      ts: new Date().toISOString(),
      settings: { ...DEFAULT_DEVICE_SETTINGS, heater_temp_set: 72, gas_temp_min: 400, gas_temp_max: 300 },
    })
    const ack = await waitFor(() => on(SERIAL, 'settings/ack', from).at(0), 'refusal')
    expect(JSON.parse(ack.payload)).toMatchObject({
      version: 2,
      result: 'refused',
      reason: 'gas_temp_min: Мінімальна температура не може бути більшою за максимальну',
      applied_version: 1,
    })
  })

  it('publishes an injected error event', async () => {
    const from = received.length
    simulator.inject(OTHER, 'E3')
    const event = await waitFor(() => on(OTHER, 'events/error', from).at(0), 'E3 event')
    const parsed = parseDeviceMessage('events/error', event.payload)
    expect(parsed.ok && parsed.message.code).toBe('E3')
    expect(parsed.ok && parsed.message.heater_temp).toBeGreaterThan(90)
  })

  it('is refused by the broker on another device topic', async () => {
    const intruder = await mqtt.connectAsync(broker.url, {
      clientId: `teplo-${OTHER}-intruder`,
      username: OTHER,
      password: devices[OTHER],
    })
    // SUBACK 0x80: mqtt.js turns a refused subscription into an error.
    await expect(intruder.subscribeAsync(topicFor(SERIAL, 'settings/desired'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    )
    await expect(
      intruder.subscribeAsync(topicFor(OTHER, 'settings/desired'), { qos: 1 }),
    ).resolves.toHaveLength(1)
    await intruder.endAsync()
  })

  it('reconnects after a broker restart, says online again and gets the retained settings', async () => {
    const port = broker.port
    await broker.close()
    broker = await startTestBroker(devices, port)
    received.length = 0
    server = await connectServer(broker.url)
    await publishDesired(SERIAL, {
      version: 3,
      ts: new Date().toISOString(),
      settings: { ...DEFAULT_DEVICE_SETTINGS, heater_temp_set: 66 },
    })
    const online = await waitFor(
      () => on(SERIAL, 'status').find((m) => JSON.parse(m.payload).state === 'online'),
      'online after restart',
      10_000,
    )
    expect(online).toBeDefined()
    const ack = await waitFor(() => on(SERIAL, 'settings/ack').at(0), 'ack after restart', 10_000)
    expect(JSON.parse(ack.payload)).toMatchObject({ version: 3, result: 'applied' })
  })

  it('says offline on a clean stop and gets settings changed meanwhile when it comes back', async () => {
    const from = received.length
    await simulator.device(SERIAL)?.stop()
    const offline = await waitFor(
      () => on(SERIAL, 'status', from).find((m) => JSON.parse(m.payload).state === 'offline'),
      'offline on stop',
    )
    expect(statusMessageSchema.safeParse(JSON.parse(offline.payload)).success).toBe(true)
    await publishDesired(SERIAL, {
      version: 4,
      ts: new Date().toISOString(),
      settings: { ...DEFAULT_DEVICE_SETTINGS, power: 'off' },
    })
    const back = startSimulator({
      url: broker.url,
      devices: [{ serial: SERIAL, password: devices[SERIAL] }],
      intervalSeconds: 0.2,
      reconnectPeriodMs: 100,
    })
    try {
      const ack = await waitFor(
        () => on(SERIAL, 'settings/ack', from).find((m) => JSON.parse(m.payload).version === 4),
        'ack of v4',
      )
      expect(JSON.parse(ack.payload)).toMatchObject({ result: 'applied', applied: { power: 'off' } })
    } finally {
      await back.stop()
    }
  })

  it('leaves a retained offline status as its last will when it dies', async () => {
    const from = received.length
    await simulator.device(OTHER)?.kill()
    const will = await waitFor(
      () => on(OTHER, 'status', from).find((m) => JSON.parse(m.payload).state === 'offline'),
      'last will',
    )
    expect(statusMessageSchema.safeParse(JSON.parse(will.payload)).success).toBe(true)
    // A newcomer sees the retained offline state.
    const watcher = await mqtt.connectAsync(broker.url, { username: SERVER_USER, password: SERVER_PASSWORD })
    const retained = new Promise<string>((resolve) =>
      watcher.on('message', (_t, payload) => resolve(payload.toString())),
    )
    await watcher.subscribeAsync(topicFor(OTHER, 'status'))
    expect(JSON.parse(await retained).state).toBe('offline')
    await watcher.endAsync()
  })
})
