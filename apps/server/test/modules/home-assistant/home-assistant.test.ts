import { eq } from 'drizzle-orm'
import { connect, type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemShares, items } from '../../../src/db/schema.ts'
import { link, subscribedDevice, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { publish, waitFor } from '../../support/device-support.ts'
import { bearer, errorsOf } from '../../support/helper.ts'
import { PlainMosquitto } from '../../support/mosquitto-dynsec.ts'
import { addPerson } from '../../support/sharing-fixture.ts'

// A real Mosquitto plays the owner's broker and a client on it plays Home Assistant: it reads the discovery
// configurations and the state, and publishes on the command topics as Home Assistant would. The broker is on
// 127.0.0.1, which only HOME_ASSISTANT_ALLOW_PRIVATE lets the server reach.
useDeviceLinkApp({ HOME_ASSISTANT_ALLOW_PRIVATE: 'true', HOME_ASSISTANT_RETRY_SECONDS: '0.5' })

const brokers: PlainMosquitto[] = []
const clients: MqttClient[] = []
async function broker(login?: { username: string; password: string }) {
  const mosquitto = new PlainMosquitto()
  brokers.push(mosquitto)
  await mosquitto.start(login)
  return mosquitto
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)))
  await Promise.all(brokers.map((mosquitto) => mosquitto.remove()))
})

type Retained = Map<string, string>

/** A client that plays Home Assistant: everything under the prefix and teplo/, the last payload of each topic. */
async function homeAssistant(url: string, prefix = 'homeassistant') {
  const client = connect(url, { clientId: `ha-${Math.random().toString(16).slice(2)}`, reconnectPeriod: 0 })
  clients.push(client)
  const topics: Retained = new Map()
  client.on('message', (topic, payload) => topics.set(topic, payload.toString()))
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
  await client.subscribeAsync([`${prefix}/#`, 'teplo/#'], { qos: 1 })
  return { client, topics }
}

/** What a new subscriber finds retained on the broker (after a moment for them to arrive). */
async function retainedOn(url: string): Promise<Retained> {
  const { client, topics } = await homeAssistant(url)
  await new Promise((resolve) => setTimeout(resolve, 500))
  await client.endAsync(true)
  for (const [topic, payload] of topics) if (payload === '') topics.delete(topic)
  return topics
}

// biome-ignore lint/suspicious/noExplicitAny: payloads and documents are read loosely in the assertions
type Loose = Record<string, any>
const json = (text: string | undefined) => (text ? (JSON.parse(text) as Loose) : undefined)

async function put(token: string, body: Record<string, unknown>) {
  return link.app.inject({
    method: 'PUT',
    url: '/api/v2/me/home-assistant',
    headers: bearer(token),
    payload: body,
  })
}

async function connection(token: string) {
  const res = await link.app.inject({
    method: 'GET',
    url: '/api/v2/me/home-assistant',
    headers: bearer(token),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: { attributes: Loose } | null }>().data
}

describe('Home Assistant through MQTT discovery', () => {
  let mosquitto: PlainMosquitto
  beforeAll(async () => {
    mosquitto = await broker()
  })

  it('publishes the discovery configurations; a command on the climate entity ends applied', async () => {
    const { dev, client, desired } = await subscribedDevice()
    const ha = await homeAssistant(mosquitto.url)
    const saved = await put(link.adminToken, { broker_url: mosquitto.url, item_ids: [dev.itemId] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.attributes).toMatchObject({
      broker_url: mosquitto.url,
      discovery_prefix: 'homeassistant',
      item_ids: [dev.itemId],
      has_password: false,
      state: 'connecting',
    })

    const node = `teplo_${dev.serial}`
    const climate = json(
      await waitFor(
        () => ha.topics.get(`homeassistant/climate/${node}/heater/config`),
        10_000,
        'climate config',
      ),
    )!
    expect(climate).toMatchObject({
      unique_id: `${node}_heater`,
      temperature_command_topic: `teplo/${dev.serial}/heater_temperature/set`,
      mode_command_topic: `teplo/${dev.serial}/heater_mode/set`,
      modes: ['off', 'heat'],
      device: { identifiers: [node], serial_number: dev.serial, manufacturer: 'Teplo' },
      availability_mode: 'all',
    })
    expect(json(ha.topics.get(`homeassistant/sensor/${node}/energy_kwh_total/config`))).toMatchObject({
      device_class: 'energy',
      state_class: 'total_increasing',
      unit_of_measurement: 'kWh',
    })
    expect(json(ha.topics.get(`homeassistant/sensor/${node}/heater_temp/config`))).toMatchObject({
      device_class: 'temperature',
      state_class: 'measurement',
    })
    for (const entity of [
      'water_heater/tank',
      'switch/power',
      'select/pump_mode',
      'binary_sensor/alarm_device_error',
      'sensor/fuel_left_kg',
      'sensor/days_left',
      'sensor/fuel_kg_total',
    ]) {
      const [component, object] = entity.split('/')
      expect(ha.topics.has(`homeassistant/${component}/${node}/${object}/config`), entity).toBe(true)
    }
    const bridgeTopic = `teplo/bridge/${await adminId()}/availability`
    expect(await waitFor(() => ha.topics.get(bridgeTopic))).toBe('online')
    const connected = await waitFor(
      async () => {
        const data = await connection(link.adminToken)
        return data?.attributes.state === 'connected' ? data : undefined
      },
      5000,
      'connected',
    )
    expect(connected.attributes.published_item_ids).toEqual([dev.itemId])
    expect(connected.attributes.last_error).toBeNull()

    // Home Assistant sets the boiler water to 61 °C: desired, sent to the controller, applied.
    await ha.client.publishAsync(`teplo/${dev.serial}/heater_temperature/set`, '61', { qos: 1 })
    const v2 = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(v2.settings.heater_temp_set).toBe(61)
    const pending = await waitFor(
      () => {
        const state = json(ha.topics.get(`teplo/${dev.serial}/state`))
        return state?.heater_temp_set === 61 ? state : undefined
      },
      5000,
      'desired 61 in the state',
    )
    expect(pending.sync_details).toMatchObject({ status: 'pending', last_command: { outcome: 'accepted' } })
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: v2.settings,
      applied_version: 2,
    })
    const synced = await waitFor(
      () => {
        const state = json(ha.topics.get(`teplo/${dev.serial}/state`))
        return state?.sync_details?.status === 'synced' && state.sync_details.applied_version === 2
          ? state
          : undefined
      },
      5000,
      'synced state',
    )
    expect(synced).toMatchObject({ heater_temp_set: 61, power: 'ON', hvac_mode: 'heat' })
    const [stored] = await link.app.db.select().from(items).where(eq(items.id, dev.itemId))
    expect(stored).toMatchObject({ heaterTempSet: 61, syncStatus: 'synced' })

    // A value out of range is refused with the reason, and changes nothing.
    await ha.client.publishAsync(`teplo/${dev.serial}/heater_temperature/set`, '500', { qos: 1 })
    const refused = await waitFor(
      () => {
        const state = json(ha.topics.get(`teplo/${dev.serial}/state`))
        return state?.sync_details?.last_command?.outcome === 'refused' ? state : undefined
      },
      5000,
      'refused command',
    )
    expect(refused.sync_details.last_command.reason).toEqual(expect.any(String))
    const [after] = await link.app.db.select().from(items).where(eq(items.id, dev.itemId))
    expect(after).toMatchObject({ heaterTempSet: 61, settingsVersion: 2 })

    // Removing the connection empties every retained topic: Home Assistant forgets the entities.
    const removed = await link.app.inject({
      method: 'DELETE',
      url: '/api/v2/me/home-assistant',
      headers: bearer(link.adminToken),
    })
    expect(removed.statusCode, removed.body).toBe(204)
    expect([...(await retainedOn(mosquitto.url)).keys()]).toEqual([])
    expect(await connection(link.adminToken)).toBeNull()
    const again = await link.app.inject({
      method: 'DELETE',
      url: '/api/v2/me/home-assistant',
      headers: bearer(link.adminToken),
    })
    expect(again.statusCode).toBe(404)
  })

  it("a watcher's connection shows the boiler but its commands are refused; a handover removes the device", async () => {
    const { dev } = await subscribedDevice()
    const watcher = await addPerson(link.app, `ha-watcher-${dev.serial}@ha.test`, 'user')
    await link.app.db.insert(itemShares).values({ itemId: dev.itemId, userId: watcher.id, access: 'viewer' })
    const own = await broker()
    const ha = await homeAssistant(own.url)
    expect((await put(watcher.token, { broker_url: own.url })).statusCode).toBe(200)
    const node = `teplo_${dev.serial}`
    await waitFor(() => ha.topics.get(`homeassistant/switch/${node}/power/config`), 10_000, 'switch config')

    await ha.client.publishAsync(`teplo/${dev.serial}/power/set`, 'OFF', { qos: 1 })
    const refused = await waitFor(
      () => {
        const state = json(ha.topics.get(`teplo/${dev.serial}/state`))
        return state?.sync_details?.last_command?.outcome === 'refused' ? state : undefined
      },
      5000,
      'refused',
    )
    expect(refused.power).toBe('ON')
    const [item] = await link.app.db.select().from(items).where(eq(items.id, dev.itemId))
    expect(item).toMatchObject({ powerSet: 'on', settingsVersion: 1 })

    // The administrator hands the boiler to another household: the watcher's share ends, and so do the entities.
    const buyer = await addPerson(link.app, `ha-buyer-${dev.serial}@ha.test`, 'user')
    const handed = await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
      payload: { user_id: buyer.id },
    })
    expect(handed.statusCode, handed.body).toBe(200)
    await waitFor(
      () => ha.topics.get(`homeassistant/switch/${node}/power/config`) === '',
      5000,
      'config cleared',
    )
    await waitFor(async () => (await connection(watcher.token))?.attributes.published_item_ids.length === 0)
    const left = [...(await retainedOn(own.url)).keys()]
    expect(left.filter((topic) => topic.includes(dev.serial))).toEqual([])
  })

  it('says why it cannot connect: a refused login, a broker that does not answer', async () => {
    const guarded = await broker({ username: 'ha', password: 'right-password' })
    const person = await addPerson(link.app, `ha-login-${Date.now()}@ha.test`, 'user')
    expect(
      (await put(person.token, { broker_url: guarded.url, username: 'ha', password: 'wrong' })).statusCode,
    ).toBe(200)
    const failed = await waitFor(
      async () => {
        const data = await connection(person.token)
        return data?.attributes.state === 'failed' ? data : undefined
      },
      10_000,
      'failed',
    )
    expect(failed.attributes.last_error).toBe("Брокер не прийняв ім'я користувача або пароль")
    expect(failed.attributes.has_password).toBe(true)

    // The right password: connected. Leaving the password out keeps the stored one while the login is the same.
    expect(
      (await put(person.token, { broker_url: guarded.url, username: 'ha', password: 'right-password' }))
        .statusCode,
    ).toBe(200)
    await waitFor(async () => (await connection(person.token))?.attributes.state === 'connected', 10_000)
    const kept = await put(person.token, { broker_url: guarded.url, username: 'ha', discovery_prefix: 'ha2' })
    expect(kept.json().data.attributes).toMatchObject({ has_password: true, discovery_prefix: 'ha2' })
    await waitFor(async () => (await connection(person.token))?.attributes.state === 'connected', 10_000)
    const unanswered = await put(person.token, { broker_url: `mqtt://127.0.0.1:${await closedPort()}` })
    expect(unanswered.json().data.attributes.has_password).toBe(false)
    const lost = await waitFor(
      async () => {
        const data = await connection(person.token)
        return data?.attributes.state === 'failed' ? data : undefined
      },
      10_000,
      'unreachable',
    )
    expect(lost.attributes.last_error).toMatch(/^Не вдалося з’єднатися з брокером/)
  })

  it('comes back by itself after the broker restarts, and publishes everything again', async () => {
    const { dev } = await subscribedDevice()
    const person = await addPerson(link.app, `ha-restart-${dev.serial}@ha.test`, 'user')
    await link.app.db.insert(itemShares).values({ itemId: dev.itemId, userId: person.id, access: 'operator' })
    const own = await broker()
    expect((await put(person.token, { broker_url: own.url })).statusCode).toBe(200)
    const config = `homeassistant/climate/teplo_${dev.serial}/heater/config`
    await waitFor(async () => (await retainedOn(own.url)).has(config), 10_000, 'published')
    await own.stop()
    await waitFor(
      async () => (await connection(person.token))?.attributes.state !== 'connected',
      10_000,
      'lost',
    )
    const down = await connection(person.token)
    expect(down?.attributes.last_error).toEqual(expect.any(String))
    await own.restart()
    await waitFor(
      async () => (await connection(person.token))?.attributes.state === 'connected',
      15_000,
      'back',
    )
    const retained = await retainedOn(own.url)
    expect(retained.has(config)).toBe(true)
    expect(retained.get(`teplo/bridge/${person.id}/availability`)).toBe('online')
  })

  it('refuses bad input with the field named, and stores nothing', async () => {
    const person = await addPerson(link.app, `ha-input-${Date.now()}@ha.test`, 'user')
    const cases: [Record<string, unknown>, string][] = [
      [{ broker_url: 'http://broker.example.com' }, '/data/attributes/broker_url'],
      [{ broker_url: 'mqtt://user:pass@broker.example.com' }, '/data/attributes/broker_url'],
      [{ broker_url: 'mqtt://broker.example.com:70000' }, '/data/attributes/broker_url'],
      [
        { broker_url: 'mqtt://broker.example.com', discovery_prefix: 'home/#' },
        '/data/attributes/discovery_prefix',
      ],
      [{ broker_url: 'mqtt://broker.example.com', item_ids: [1, 'x'] }, '/data/attributes/item_ids/1'],
      [{ broker_url: 'mqtt://broker.example.com', item_ids: [1] }, '/data/attributes/item_ids/0'],
    ]
    for (const [body, pointer] of cases) {
      const res = await put(person.token, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(errorsOf(res).map((error) => error.source?.pointer)).toContain(pointer)
    }
    expect(await connection(person.token)).toBeNull()
    const anonymous = await link.app.inject({ method: 'GET', url: '/api/v2/me/home-assistant' })
    expect(anonymous.statusCode).toBe(401)
  })
})

async function adminId(): Promise<number> {
  const res = await link.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(link.adminToken) })
  return Number(res.json().data.id)
}

async function closedPort(): Promise<number> {
  const { freePort } = await import('../../support/mosquitto-dynsec.ts')
  return freePort()
}
