import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { connect, type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { homeAssistantLinks } from '../../../src/db/schema.ts'
import { waitFor } from '../../support/device-support.ts'
import { bearer, loginAs, type TestApp } from '../../support/helper.ts'
import { PlainMosquitto } from '../../support/mosquitto-dynsec.ts'
import { addDevice } from '../../support/sharing-fixture.ts'
import { useTwoInstances } from '../../support/two-instances.ts'

// Runs only against PostgreSQL (*.postgres.test.ts): two instances on one database. One holds the account's
// connection (a lease in the row); a change made through the other reaches Home Assistant (LISTEN/NOTIFY), and when
// the holder goes away the other takes the connection over by itself.
const instances = useTwoInstances({
  HOME_ASSISTANT_ALLOW_PRIVATE: 'true',
  HOME_ASSISTANT_RETRY_SECONDS: '0.5',
})
const adminAccount = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
const mosquitto = new PlainMosquitto()
let ha: MqttClient
const topics = new Map<string, string>()

beforeAll(async () => {
  await mosquitto.start()
  ha = connect(mosquitto.url, { clientId: 'ha-instances', reconnectPeriod: 0 })
  ha.on('message', (topic, payload) => topics.set(topic, payload.toString()))
  await new Promise<void>((resolve) => ha.once('connect', () => resolve()))
  await ha.subscribeAsync(['homeassistant/#', 'teplo/#'], { qos: 1 })
})
afterAll(async () => {
  await ha?.endAsync(true)
  await mosquitto.remove()
})

describe('Home Assistant with two instances', () => {
  it('follows changes made on the other instance, and moves to it when the holder goes away', async () => {
    const { a, b } = instances
    const token = await loginAs(a, adminAccount.email, adminAccount.password)
    const admin = (await a.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })).json<{
      data: { id: string }
    }>().data
    const item = await addDevice(a as TestApp, Number(admin.id))
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/v2/me/home-assistant',
      headers: bearer(token),
      payload: { broker_url: mosquitto.url, item_ids: [item.id] },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const state = `teplo/${item.serialNumber}/state`
    await waitFor(() => topics.get(state), 15_000, 'state published')

    let reader = a
    const holderId = async () => {
      const [row] = await reader.db
        .select()
        .from(homeAssistantLinks)
        .where(eq(homeAssistantLinks.userId, Number(admin.id)))
      return row?.leaseOwner ?? null
    }
    const byInstance = new Map<string, FastifyInstance>([
      [a.homeAssistant.manager.instance, a],
      [b.homeAssistant.manager.instance, b],
    ])
    const holder = byInstance.get((await waitFor(holderId, 10_000, 'a holder'))!)!
    const other = holder === a ? b : a
    reader = other

    // A setting changed through the instance that does not hold the connection reaches Home Assistant.
    const otherToken = await loginAs(other, adminAccount.email, adminAccount.password)
    const changed = await other.inject({
      method: 'PATCH',
      url: `/api/v2/items/${item.id}`,
      headers: bearer(otherToken),
      payload: { heater_temp_set: 63 },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    await waitFor(
      () => JSON.parse(topics.get(state) ?? '{}').heater_temp_set === 63,
      10_000,
      '63 via the other',
    )

    // The holder stops: it says offline and gives the lease back; the other connects and says online again.
    await holder.close()
    const bridge = `teplo/bridge/${admin.id}/availability`
    await waitFor(() => topics.get(bridge) === 'offline', 10_000, 'offline')
    await waitFor(
      async () => (await holderId()) === other.homeAssistant.manager.instance,
      15_000,
      'taken over',
    )
    await waitFor(() => topics.get(bridge) === 'online', 15_000, 'online again')
    const read = await other.inject({
      method: 'GET',
      url: '/api/v2/me/home-assistant',
      headers: bearer(otherToken),
    })
    await waitFor(
      async () => {
        const res = await other.inject({
          method: 'GET',
          url: '/api/v2/me/home-assistant',
          headers: bearer(otherToken),
        })
        return res.json().data.attributes.state === 'connected'
      },
      10_000,
      'connected',
    )
    expect(read.statusCode).toBe(200)
  })
})
