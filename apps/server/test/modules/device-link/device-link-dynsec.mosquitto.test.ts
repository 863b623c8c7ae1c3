import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS, type DesiredSettingsMessage, deviceClientId, topicFor } from '@teplo/domain'
import { eq, like } from 'drizzle-orm'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { StartupError } from '../../../src/config.ts'
import { items, appSettings as settingsTable } from '../../../src/db/schema.ts'
import type { DynamicSecurity } from '../../../src/modules/device-link/dynamic-security.ts'
import { connectExternalBroker } from '../../../src/modules/device-link/external-broker.ts'
import {
  DEVICE_ROLE_REVISION,
  roleRevisionKey,
  upgradeDeviceRoles,
} from '../../../src/modules/device-link/role-upgrade.ts'
import {
  connectDevice,
  type Device,
  inbox,
  provisionDevice,
  publish,
  telemetry,
  uniqueSerial,
  waitFor,
} from '../../support/device-support.ts'
import { uploadedFirmware } from '../../support/firmware-support.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'
import { PrivateMosquitto } from '../../support/mosquitto-dynsec.ts'

// Mosquitto as Debian ships it, with its dynamic security plugin: the server provisions each device's client,
// role and ACL. Runs in CI's second pass (*.mosquitto.test.ts), on a private broker this file starts and stops.
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const broker = new PrivateMosquitto()
let app: TestApp
let adminToken: string
const clients: MqttClient[] = []

// The server's session on this broker: the same id across the cold start below.
const serverClientId = `teplo-server-dynsec-test-${randomBytes(4).toString('hex')}`

function appSettings(url = broker.serverUrl) {
  return {
    MQTT_ENABLED: 'true',
    MQTT_URL: url,
    MQTT_DYNAMIC_SECURITY: 'true',
    MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
    MQTT_CLIENT_ID: serverClientId,
    MQTT_CONNECT_RETRY_SECONDS: '30',
  }
}

beforeAll(async () => {
  await broker.prepare()
  await broker.start()
  await broker.createServerAccount()
  app = await build(appSettings())
  adminToken = await loginAs(app, admin.email, admin.password)
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)))
})

afterAll(async () => {
  await app?.closeAll()
  await broker.remove()
})

function tryConnect(options: IClientOptions) {
  const client = connect(broker.url, { reconnectPeriod: 0, connectTimeout: 5000, ...options })
  clients.push(client)
  return new Promise<{ ok: boolean; code?: number; sessionPresent?: boolean; client: MqttClient }>(
    (resolve) => {
      client.once('connect', (connack) =>
        resolve({ ok: true, client, sessionPresent: connack.sessionPresent }),
      )
      client.once('error', (err: Error & { code?: number }) => {
        client.end(true)
        resolve({ ok: false, code: err.code, client })
      })
    },
  )
}

const login = (dev: Pick<Device, 'serial' | 'password'>, options: IClientOptions = {}) =>
  tryConnect({
    clientId: deviceClientId(dev.serial),
    username: dev.serial,
    password: dev.password,
    clean: false,
    ...options,
  })

async function online(dev: Pick<Device, 'serial' | 'password'>, options: IClientOptions = {}) {
  const client = await connectDevice(broker.url, dev, options)
  clients.push(client)
  return client
}

async function row(itemId: number) {
  const [item] = await app.db.select().from(items).where(eq(items.id, itemId))
  return item!
}

const patchItem = (itemId: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/v2/items/${itemId}`, headers: bearer(adminToken), payload })

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()))

describe('device accounts on Mosquitto (dynamic security)', () => {
  it('pairing creates the device client: it connects as teplo-<serial> and its telemetry is stored', async () => {
    const dev = await provisionDevice(app, adminToken)
    expect(await broker.ctrl('getClient', dev.serial)).toMatch(new RegExp(`Clientid:\\s+teplo-${dev.serial}`))
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 57.5 }))
    await waitFor(async () => (await row(dev.itemId)).heaterTemp === 57.5, 5000, 'telemetry stored')
    // It receives its desired settings (retained) on its own topic.
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await waitFor(() => desired.some((m) => m.version === 1), 5000, 'version 1')
  })

  it('a batch creates every device client at once: each connects with its own secret', async () => {
    const serials = [uniqueSerial(), uniqueSerial()]
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/items/batch',
      headers: bearer(adminToken),
      payload: { owner: 'Склад', category_id: '1', serial_numbers: serials },
    })
    expect(res.statusCode).toBe(201)
    for (const credentials of res.json().data as { id: string; attributes: { password: string } }[]) {
      expect(await broker.ctrl('getClient', credentials.id)).toMatch(
        new RegExp(`Clientid:\\s+teplo-${credentials.id}`),
      )
      const client = await online({ serial: credentials.id, password: credentials.attributes.password })
      await publish(client, credentials.id, 'telemetry', telemetry({ heater_temp: 51.5 }))
      const [stored] = await app.db.select().from(items).where(eq(items.serialNumber, credentials.id))
      await waitFor(async () => (await row(stored!.id)).heaterTemp === 51.5, 5000, 'telemetry stored')
    }
  })

  it('the device role allows its firmware channels: its own ota/desired arrives, its ota/status is taken', async () => {
    const dev = await provisionDevice(app, adminToken)
    const other = await provisionDevice(app, adminToken)
    const client = await online(dev)
    const offers = inbox(client, topicFor(dev.serial, 'ota/desired')) as { version: string }[]
    await client.subscribeAsync(topicFor(dev.serial, 'ota/desired'), { qos: 1 })
    await expect(client.subscribeAsync(topicFor(other.serial, 'ota/desired'), { qos: 1 })).rejects.toThrow()
    const image = await uploadedFirmware(app, adminToken, `5.0.${Date.now() % 1000}`)
    const started = await app.inject({
      method: 'POST',
      url: '/api/v2/firmware-rollouts',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      payload: { firmware_id: image.id, item_ids: [String(dev.itemId)] },
    })
    expect(started.statusCode).toBe(201)
    const offer = await waitFor(() => offers[0], 5000, 'ota/desired')
    await publish(client, dev.serial, 'ota/status', {
      version: offer.version,
      state: 'succeeded',
      ts: new Date().toISOString(),
    })
    await waitFor(
      async () => (await row(dev.itemId)).firmwareVersion === offer.version,
      5000,
      'version stored',
    )
  })

  it("refuses a wrong client id, another device's client id and a wrong secret", async () => {
    const victim = await provisionDevice(app, adminToken)
    const intruder = await provisionDevice(app, adminToken)
    const victimClient = await online(victim)
    let kicked = false
    victimClient.once('close', () => {
      kicked = true
    })
    // CONNACK 5 (not authorised) from Mosquitto; MQTT 5: 0x87.
    expect(await login(intruder, { clientId: deviceClientId(victim.serial) })).toMatchObject({
      ok: false,
      code: 5,
    })
    expect(await login(intruder, { clientId: 'teplo-other' })).toMatchObject({ ok: false, code: 5 })
    expect(await login({ ...intruder, password: 'wrong' })).toMatchObject({ ok: false, code: 5 })
    expect(
      await login(intruder, { clientId: deviceClientId(victim.serial), protocolVersion: 5 }),
    ).toMatchObject({ ok: false, code: 0x87 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(kicked).toBe(false)
    expect((await login(intruder)).ok).toBe(true)
  })

  it("drops a publish on another device's topic without disconnecting, like the embedded broker", async () => {
    const victim = await provisionDevice(app, adminToken)
    const intruder = await provisionDevice(app, adminToken)
    const client = await online(intruder)
    await client.publishAsync(topicFor(victim.serial, 'telemetry'), JSON.stringify(telemetry()), { qos: 1 })
    await expect(
      client.subscribeAsync(topicFor(victim.serial, 'settings/desired'), { qos: 1 }),
    ).rejects.toThrow()
    expect(client.connected).toBe(true)
    await publish(client, intruder.serial, 'telemetry', telemetry({ heater_temp: 51 }))
    await waitFor(async () => (await row(intruder.itemId)).heaterTemp === 51, 5000, 'own telemetry')
    expect((await row(victim.itemId)).telemetryAt).toBeNull()
    await client.endAsync()

    // MQTT 5 hears why: PUBACK 0x87 (not authorised); the connection stays there too.
    const v5 = await online(intruder, { protocolVersion: 5 })
    const answer = await v5
      .publishAsync(topicFor(victim.serial, 'telemetry'), JSON.stringify(telemetry()), { qos: 1 })
      .then(
        () => 'acknowledged',
        (err: Error & { code?: number }) => err.code,
      )
    expect(answer).toBe(0x87)
    expect(v5.connected).toBe(true)
  })

  it('closes a connection that sends a packet over max_packet_size', async () => {
    const dev = await provisionDevice(app, adminToken)
    const client = await online(dev)
    const gone = closed(client)
    client.publish(topicFor(dev.serial, 'telemetry'), Buffer.alloc(70_000, 0x61), { qos: 1 })
    await gone
  })

  it('archiving disconnects the device and refuses it; leaving the archive lets it in again', async () => {
    const dev = await provisionDevice(app, adminToken)
    const client = await online(dev)
    const gone = closed(client)
    expect((await patchItem(dev.itemId, { status: 'archive' })).statusCode).toBe(200)
    await gone
    await waitFor(async () => !(await login(dev)).ok, 5000, 'login refused')
    expect((await patchItem(dev.itemId, { status: 'on' })).statusCode).toBe(200)
    await waitFor(async () => (await login(dev)).ok, 5000, 'login allowed again')
  })

  it('re-pairing closes the old connection and the old secret is refused at once', async () => {
    const dev = await provisionDevice(app, adminToken)
    const client = await online(dev)
    const code = await app.inject({
      method: 'POST',
      url: `/api/v2/items/${dev.itemId}/pairing-code`,
      headers: bearer(adminToken),
    })
    const gone = closed(client)
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      payload: { serial_number: dev.serial, token: code.json().meta.verification_token },
      remoteAddress: '10.66.0.1',
    })
    expect(answer.statusCode).toBe(200)
    await gone
    expect((await login(dev)).ok).toBe(false)
    expect((await login({ serial: dev.serial, password: answer.json().data.attributes.password })).ok).toBe(
      true,
    )
  })

  it('deleting removes the account; the same serial created again starts clean, with no empty message', async () => {
    const dev = await provisionDevice(app, adminToken)
    const first = await online(dev)
    await first.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await first.endAsync()
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(adminToken),
    })
    expect(deleted.statusCode).toBe(204)
    await app.deviceLink!.settle()
    expect(await broker.ctrl('getClient', dev.serial)).not.toMatch(/Username/)
    expect((await login(dev)).ok).toBe(false)

    const again = await provisionDevice(app, adminToken, dev.serial)
    const received: number[] = []
    const fresh = await tryConnect({
      clientId: deviceClientId(again.serial),
      username: again.serial,
      password: again.password,
      clean: false,
    })
    expect(fresh).toMatchObject({ ok: true, sessionPresent: false })
    fresh.client.on('message', (_topic, payload) => received.push(payload.length))
    await fresh.client.subscribeAsync(topicFor(again.serial, 'settings/desired'), { qos: 1 })
    await waitFor(() => received.length > 0, 5000, 'desired settings')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received.every((length) => length > 0)).toBe(true)
  })
})

describe('the installation channel on Mosquitto (ADR 063)', () => {
  const capabilities = (circuits: number) => ({
    ts: new Date().toISOString(),
    circuits: Array.from({ length: circuits }, (_, i) => ({
      n: i + 1,
      kind: 'radiators' as const,
      flow_sensor: true,
      room_sensor: true,
      mixing_valve: true,
      pump: true,
    })),
    outdoor_sensor: true,
    buffer_tank: null,
    hot_water: null,
    settings: {},
  })
  const installationOf = async (itemId: number) => {
    await app.deviceLink!.settle()
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/items/${itemId}/installation`,
      headers: bearer(adminToken),
    })
    return res.json().data as { attributes: { circuits: unknown[] } } | null
  }

  it('a new pairing may announce its installation; deleting the device clears it from the broker', async () => {
    const dev = await provisionDevice(app, adminToken)
    const client = await online(dev)
    await publish(client, dev.serial, 'capabilities', capabilities(2), true)
    await waitFor(async () => (await installationOf(dev.itemId))?.attributes.circuits.length === 2)
    await client.endAsync()

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(adminToken),
    })
    expect(deleted.statusCode).toBe(204)
    await app.deviceLink!.settle()
    // A subscriber with the server's rights finds no retained installation left for the serial.
    const reader = await connect(broker.serverUrl, { clientId: `reader-${randomBytes(4).toString('hex')}` })
    clients.push(reader)
    await new Promise<void>((resolve) => reader.once('connect', () => resolve()))
    const retained: Buffer[] = []
    reader.on('message', (_topic, payload) => retained.push(payload))
    await reader.subscribeAsync(topicFor(dev.serial, 'capabilities'), { qos: 1 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(retained.filter((payload) => payload.length > 0)).toEqual([])
  })

  it('the roles of devices paired before the channel learn it once, at start; the revision is noted per broker', async () => {
    // The start of this file's server noted the revision for this broker.
    const key = roleRevisionKey(broker.serverUrl)
    const [noted] = await app.db.select().from(settingsTable).where(eq(settingsTable.key, key))
    expect(noted?.value).toBe(DEVICE_ROLE_REVISION)

    // A device paired by a server of the first release: its role has no capabilities ACL.
    const dev = await provisionDevice(app, adminToken)
    await broker.ctrl(
      'removeRoleACL',
      `teplo-device-${dev.serial}`,
      'publishClientSend',
      topicFor(dev.serial, 'capabilities'),
    )
    const client = await online(dev)
    await publish(client, dev.serial, 'capabilities', capabilities(1), true)
    await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 51 }))
    await waitFor(async () => (await row(dev.itemId)).heaterTemp === 51, 5000, 'telemetry stored')
    expect(await installationOf(dev.itemId)).toBeNull()

    // The upgrade as the next start runs it: the missing ACL is added, an ACL already there counts as done.
    await app.db.delete(settingsTable).where(like(settingsTable.key, 'device_role_revision:%'))
    const access = app.deviceLink!.access as DynamicSecurity
    const changed = await upgradeDeviceRoles(app.db, access, broker.serverUrl, app.log)
    expect(changed).toBeGreaterThan(0)
    expect(await broker.ctrl('getRole', `teplo-device-${dev.serial}`)).toContain(
      topicFor(dev.serial, 'capabilities'),
    )
    // Mosquitto closes the connections of a role it changes; the controller comes back and announces again.
    await waitFor(() => !client.connected, 5000, 'connection closed by the role change')
    const again = await online(dev)
    await publish(again, dev.serial, 'capabilities', capabilities(1), true)
    await waitFor(async () => (await installationOf(dev.itemId))?.attributes.circuits.length === 1)
    // Noted: the next start changes nothing.
    expect(await upgradeDeviceRoles(app.db, access, broker.serverUrl, app.log)).toBe(0)
  })
})

describe('start-up against Mosquitto', () => {
  it('a pairing while the broker is down answers 503 and changes nothing', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(adminToken),
      payload: { name: 'Котел 503', owner: 'Тест', serial_number: '912345678', category_id: 1 },
    })
    const itemId = Number(created.json().data.id)
    const token = created.json().meta.verification_token as string
    await broker.stop()
    const access = app.deviceLink!.access as unknown as { client: MqttClient }
    await waitFor(() => !access.client.connected, 5000, 'the server notices the broker is gone')
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      payload: { serial_number: '912345678', token },
      remoteAddress: '10.66.0.2',
    })
    expect(answer.statusCode).toBe(503)
    expect(await row(itemId)).toMatchObject({
      status: 'pending',
      deviceSecretHash: null,
      verificationToken: token,
    })
  })

  it('a cold start waits for a broker that comes up after the server, then works', async () => {
    await app.closeAll()
    const starting = build(appSettings())
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await broker.start()
    app = await starting
    adminToken = await loginAs(app, admin.email, admin.password)
    const dev = await provisionDevice(app, adminToken)
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 49 }))
    await waitFor(async () => (await row(dev.itemId)).heaterTemp === 49, 5000, 'telemetry after a cold start')
  })

  it('a server account that may not subscribe is a clear start-up error, not a crash', async () => {
    await broker.ctrl('createClient', 'teplo-weak', '-p', 'weak-password')
    const url = `mqtt://teplo-weak:weak-password@127.0.0.1:${broker.port}`
    const log = app.log
    const failure = await connectExternalBroker({
      url,
      shareGroup: 'weak',
      clientId: 'teplo-server-weak',
      sessionExpirySeconds: 0,
      log,
      onMessage: () => {},
      retryForMs: 5000,
    }).catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(StartupError)
    expect((failure as Error).message).toMatch(/refused the server's subscriptions .*\$share\/weak\//)
  })

  it('gives up after the retry period with a message naming the broker and the last refusal', async () => {
    const started = Date.now()
    const failure = await connectExternalBroker({
      url: `mqtt://teplo-server:wrong@127.0.0.1:${broker.port}`,
      shareGroup: 'wrong',
      clientId: 'teplo-server-wrong',
      sessionExpirySeconds: 0,
      log: app.log,
      onMessage: () => {},
      retryForMs: 3000,
    }).catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(StartupError)
    expect((failure as Error).message).toMatch(
      /Cannot connect to the MQTT broker at mqtt:\/\/teplo-server@127\.0\.0\.1:\d+ within 3 s \(\d+ attempts; last: Connection refused: Not authorized/,
    )
    expect(Date.now() - started).toBeLessThan(6000)
  })
})
