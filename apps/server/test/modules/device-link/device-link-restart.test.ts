import { DEMO_ACCOUNTS, type DesiredSettingsMessage, topicFor } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import type { DatabaseHandle } from '../../../src/db/client.ts'
import { connectDevice, inbox, provisionDevice, waitFor } from '../../support/device-support.ts'
import { bearer, loginAs, openTestDatabase, testConfig } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

// ADR 016: the embedded broker keeps sessions in memory. After a server restart a controller's CONNACK says
// session_present=0, and the protocol requires it to subscribe again; the retained desired set (republished
// from the database at every start) then brings it up to date.
describe('embedded broker across a server restart', () => {
  let database: DatabaseHandle
  const apps: FastifyInstance[] = []
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.close()
  })

  async function start(port: string) {
    const app = await buildApp({
      config: testConfig({ MQTT_ENABLED: 'true', MQTT_HOST: '127.0.0.1', MQTT_PORT: port }),
      database,
    })
    await app.ready()
    apps.push(app)
    return app
  }

  it('answers session_present=0, and a device that subscribes again gets the change made meanwhile', async () => {
    database = await openTestDatabase()
    const first = await start('0')
    const brokerUrl = first.deviceLink!.transport.address
    const port = new URL(brokerUrl).port
    const token = await loginAs(first, admin.email, admin.password)
    const dev = await provisionDevice(first, token)
    const topic = topicFor(dev.serial, 'settings/desired')

    const before = await connectDevice(brokerUrl, dev)
    const received = inbox(before, topic) as DesiredSettingsMessage[]
    await before.subscribeAsync(topic, { qos: 1 })
    await waitFor(() => received.some((m) => m.version === 1), 15_000, 'version 1 before the restart')
    await before.endAsync()
    await first.close()

    const second = await start(port)
    const patch = await second.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(await loginAs(second, admin.email, admin.password)),
      payload: { heater_temp_set: 71 },
    })
    expect(patch.statusCode).toBe(200)
    await second.deviceLink!.settle()

    let sessionPresent: boolean | undefined
    const after = await connectDevice(brokerUrl, dev, {}, (client) => {
      client.once('connect', (connack) => {
        sessionPresent = connack.sessionPresent
      })
    })
    const afterRestart = inbox(after, topic) as DesiredSettingsMessage[]
    expect(sessionPresent).toBe(false)
    await after.subscribeAsync(topic, { qos: 1 })
    const latest = await waitFor(
      () => afterRestart.find((m) => m.settings.heater_temp_set === 71),
      15_000,
      'the change made while the device was away',
    )
    expect(latest.version).toBe(2)
    await after.endAsync()
    // Two server starts: longer than one test's default on a busy machine.
  }, 90_000)
})
