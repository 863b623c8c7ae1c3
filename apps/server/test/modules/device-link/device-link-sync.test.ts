import { type DesiredSettingsMessage, topicFor } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { itemErrors, items, telemetry as telemetryTable } from '../../../src/db/schema.ts'
import { device, link, online, row, track, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { connectDevice, inbox, publish, readItem, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'

const OFFLINE_SECONDS = 2

// A short silence limit, so that the watchdog can be watched at work.
useDeviceLinkApp({ DEVICE_OFFLINE_SECONDS: String(OFFLINE_SECONDS) })

describe('settings round trip', () => {
  it('sends version 1 of the dashboard values when a device is verified', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired'))
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    const [message] = (await waitFor(
      () => desired.length > 0 && desired,
      5000,
      'desired',
    )) as DesiredSettingsMessage[]
    expect(message?.version).toBe(1)
    expect(message?.settings).toMatchObject({ power: 'on', heater_temp_set: 60, pump_mode: 1 })
    expect((await row(dev.itemId)).syncStatus).toBe('pending')
  })

  it('pushes a dashboard change, and the ack of the device marks it applied', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await waitFor(() => desired.some((m) => m.version === 1), 5000, 'version 1')

    const patch = await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
      payload: { heater_temp_set: 72, heater_hysteresis: 3.5 },
    })
    expect(patch.statusCode).toBe(200)
    expect(patch.json().data.attributes.sync_status).toBe('pending')
    const latest = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(latest.settings).toMatchObject({ heater_temp_set: 72, heater_hysteresis: 3.5, power: 'on' })

    // An answer to an old version changes nothing.
    await publish(client, dev.serial, 'settings/ack', {
      version: 1,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: { ...latest.settings, heater_temp_set: 60 },
      applied_version: 1,
    })
    expect((await row(dev.itemId)).syncStatus).toBe('pending')

    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: latest.settings,
      applied_version: 2,
    })
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'synced', appliedVersion: 2, syncError: null })
    const attributes = await readItem(link.app, link.adminToken, dev.itemId)
    expect(attributes).toMatchObject({ sync_status: 'synced', heater_temp_set: 72 })
  })

  it('sends the on/off switch as the power setting', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await publish(client, dev.serial, 'telemetry', telemetry())
    expect((await row(dev.itemId)).status).toBe('on')
    const patch = await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
      payload: { status: 'off' },
    })
    expect(patch.statusCode).toBe(200)
    const request = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(request.settings.power).toBe('off')
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: request.settings,
      applied_version: 2,
    })
    expect(await row(dev.itemId)).toMatchObject({ status: 'off', powerSet: 'off', syncStatus: 'synced' })
  })

  it('shows a refusal with the reason the device gave', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
      payload: { burner_power_set: 900 },
    })
    const request = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    const reason = 'burner_power_set: пальник цього котла видає не більше 150 кВт'
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'refused',
      reason,
      ts: new Date().toISOString(),
      applied: { ...request.settings, burner_power_set: 100 },
      applied_version: 1,
    })
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'refused', syncError: reason })
    expect(await readItem(link.app, link.adminToken, dev.itemId)).toMatchObject({
      sync_status: 'refused',
      sync_reason: reason,
    })
  })

  it('delivers a change made while the device was offline when it reconnects', async () => {
    const dev = await device()
    const first = await online(dev)
    await first.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await first.endAsync()

    const patch = await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
      payload: { boiler_temp_set: 55 },
    })
    expect(patch.statusCode).toBe(200)
    await link.app.deviceLink!.settle()

    // Same client id, persistent session: the queued or retained set arrives without asking.
    let desired: DesiredSettingsMessage[] = []
    const again = await connectDevice(link.brokerUrl, dev, {}, (client) => {
      desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    })
    track(again)
    const delivered = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(delivered.settings.boiler_temp_set).toBe(55)
  })
})

describe('presence', () => {
  it("turns a device 'connecting' on its last will and back 'on' with its next message", async () => {
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
    expect((await row(dev.itemId)).status).toBe('on')
    // A pulled cable: the socket dies without DISCONNECT, so the broker publishes the will.
    client.stream.destroy()
    await waitFor(async () => (await row(dev.itemId)).status === 'connecting', 5000, 'will')

    const back = await online(dev)
    await publish(back, dev.serial, 'telemetry', telemetry())
    expect((await row(dev.itemId)).status).toBe('on')
  })

  it(`turns a silent device 'connecting' after DEVICE_OFFLINE_SECONDS and back on when it speaks`, async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry())
    expect((await row(dev.itemId)).status).toBe('on')
    const silentSince = Date.now()
    await waitFor(async () => (await row(dev.itemId)).status === 'connecting', 6000, 'silence')
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(OFFLINE_SECONDS * 1000 - 100)
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 2 }))
    expect((await row(dev.itemId)).status).toBe('on')
  })

  it("comes back 'off' when the owner had switched the boiler off", async () => {
    const dev = await device()
    await link.app.db.update(items).set({ powerSet: 'off' }).where(eq(items.id, dev.itemId))
    const client = await online(dev)
    await publish(client, dev.serial, 'status', { state: 'online', ts: new Date().toISOString() })
    expect((await row(dev.itemId)).status).toBe('off')
  })
})

describe('error events', () => {
  it('stores an injected E3 once and lists it on the device errors', async () => {
    const dev = await device()
    const client = await online(dev)
    const announced: unknown[] = []
    const listener = (event: unknown) => announced.push(event)
    link.app.events.on('item-error.created', listener)
    const event = {
      event_id: 'boot-a-7',
      code: 'E3' as const,
      ts: '2026-01-01T10:02:00.000Z',
      mode_status: 3,
      heater_temp: 91.2,
      boiler_temp: 55,
      gas_temp: 210,
      burner_power: 0,
      work_mode: 4,
    }
    await publish(client, dev.serial, 'events/error', event)
    await publish(client, dev.serial, 'events/error', event)
    await link.app.deviceLink!.settle()
    link.app.events.off('item-error.created', listener)

    const stored = await link.app.db.select().from(itemErrors).where(eq(itemErrors.itemId, dev.itemId))
    expect(stored).toHaveLength(1)
    expect(announced).toEqual([{ itemId: dev.itemId, itemErrorId: stored[0]!.id }])
    const res = await link.app.inject({
      method: 'GET',
      url: `/api/v2/item-errors?item_id=${dev.itemId}`,
      headers: bearer(link.adminToken),
    })
    expect(res.statusCode).toBe(200)
    const [listed] = res.json().data
    expect(listed.attributes).toMatchObject({
      error_code: 'E3',
      error_time: '2026-01-01 10:02:00',
      mode_status: 3,
      device: { temperatures: { kotla: 91.2, boilera: 55, gas: 210 }, power: { palnika: 0 } },
    })
  })
})

describe('telemetry retention', () => {
  it('drops readings older than TELEMETRY_RETENTION_DAYS and keeps the rest', async () => {
    const dev = await device()
    await link.app.db.insert(telemetryTable).values([
      { itemId: dev.itemId, recordedAt: sql`now() - interval '31 days'` as unknown as Date, heaterTemp: 1 },
      { itemId: dev.itemId, recordedAt: sql`now() - interval '29 days'` as unknown as Date, heaterTemp: 2 },
    ])
    await link.app.deviceLink!.maintainHistory()
    const left = await link.app.db.select().from(telemetryTable).where(eq(telemetryTable.itemId, dev.itemId))
    expect(left.map((r) => r.heaterTemp)).toEqual([2])
  })
})
