import {
  DEFAULT_SERVICE_SETTINGS,
  type DesiredSettingsMessage,
  SERVICE_NOT_CONFIRMED,
  SERVICE_SETTINGS_TYPE,
  topicFor,
} from '@teplo/domain'
import { type SimulatorHandle, startSimulator } from '@teplo/simulator'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { itemAudit, items } from '../../../src/db/schema.ts'
import { device, link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { inbox, publish, waitFor } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'
import { addDevice, addPerson, type Person, request } from '../../support/sharing-fixture.ts'

// The controller's service parameters (ADR 025): who reads and changes them, their rules, and their round trip
// through the device link to a simulated controller and to one that does not know them.
useDeviceLinkApp()

const url = (itemId: number) => `/api/v2/items/${itemId}/service-settings`
type Attributes = Record<string, unknown>
const attributesOf = (body: string) =>
  (JSON.parse(body) as { data: { attributes: Attributes } }).data.attributes

let simulator: SimulatorHandle | null = null
afterEach(async () => {
  await simulator?.stop()
  simulator = null
})

/** A verified device driven by a simulated controller that has acknowledged version 1. */
async function simulated() {
  const dev = await device()
  simulator = startSimulator({
    url: link.brokerUrl,
    devices: [{ serial: dev.serial, password: dev.password }],
    intervalSeconds: 0.2,
    speed: 1,
  })
  await simulator.whenConnected()
  await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 10_000, 'version 1 synced')
  return dev
}

const adminPatch = (itemId: number, payload: object) =>
  link.app.inject({ method: 'PATCH', url: url(itemId), headers: bearer(link.adminToken), payload })

describe('who reads and who changes service settings', () => {
  let people: Record<'installer' | 'owner' | 'operator' | 'viewer' | 'stranger', Person>
  let itemId: number

  beforeAll(async () => {
    const stamp = Date.now()
    people = {
      installer: await addPerson(link.app, `svc-installer-${stamp}@test.ua`, 'creator'),
      owner: await addPerson(link.app, `svc-owner-${stamp}@test.ua`, 'user'),
      operator: await addPerson(link.app, `svc-operator-${stamp}@test.ua`, 'user'),
      viewer: await addPerson(link.app, `svc-viewer-${stamp}@test.ua`, 'user'),
      stranger: await addPerson(link.app, `svc-stranger-${stamp}@test.ua`, 'creator'),
    }
    const item = await addDevice(link.app, people.owner.id, [
      [people.installer.id, 'installer'],
      [people.operator.id, 'operator'],
      [people.viewer.id, 'viewer'],
    ])
    itemId = item.id
  })

  it('shows everyone who sees the device the factory values, and says who may change them', async () => {
    for (const who of ['owner', 'operator', 'viewer'] as const) {
      const answer = await request(link.app, people[who]).get(url(itemId))
      expect(answer.statusCode, who).toBe(200)
      expect(attributesOf(answer.body)).toMatchObject({
        ...DEFAULT_SERVICE_SETTINGS,
        custom: false,
        editable: false,
      })
    }
    const installer = await request(link.app, people.installer).get(url(itemId))
    expect(attributesOf(installer.body)).toMatchObject({ editable: true })
    const stranger = await request(link.app, people.stranger).get(url(itemId))
    expect(stranger.statusCode).toBe(404)
  })

  it('refuses the owner, operator and viewer a change (403 in Ukrainian) and hides the device from strangers', async () => {
    for (const who of ['owner', 'operator', 'viewer'] as const) {
      const answer = await request(link.app, people[who]).patch(url(itemId), { fan_speed_30: 45 })
      expect(answer.statusCode, who).toBe(403)
      expect(answer.json().errors[0].detail).toBe('Ваш доступ до цього пристрою не дозволяє цієї дії')
    }
    const stranger = await request(link.app, people.stranger).patch(url(itemId), { fan_speed_30: 45 })
    expect(stranger.statusCode).toBe(404)
    const [stored] = await link.app.db.select().from(items).where(eq(items.id, itemId))
    expect(stored?.serviceSettings).toBeNull()
  })

  it('lets the installer change them: a new settings version waiting for the controller, logged', async () => {
    const [before] = await link.app.db.select().from(items).where(eq(items.id, itemId))
    const answer = await request(link.app, people.installer).patch(url(itemId), {
      data: { type: 'item-service-settings', id: String(itemId), attributes: { fan_speed_30: 45 } },
    })
    expect(answer.statusCode).toBe(200)
    expect(attributesOf(answer.body)).toMatchObject({
      fan_speed_30: 45,
      fan_speed_60: DEFAULT_SERVICE_SETTINGS.fan_speed_60,
      custom: true,
      sync_status: 'pending',
      settings_version: before!.settingsVersion + 1,
    })
    const audit = await link.app.db.select().from(itemAudit).where(eq(itemAudit.itemId, itemId))
    expect(audit.at(-1)).toMatchObject({
      action: 'settings',
      actorId: people.installer.id,
      changes: { fan_speed_30: { from: 35, to: 45 } },
      outcome: 'pending',
    })
    // The same values again change nothing.
    const again = await request(link.app, people.installer).patch(url(itemId), { fan_speed_30: 45 })
    expect(attributesOf(again.body).settings_version).toBe(before!.settingsVersion + 1)
  })
})

describe('rules of a change', () => {
  it('answers 422 on the field for a value out of range, a fraction or an unknown parameter', async () => {
    const dev = await device()
    const cases: [object, string, string][] = [
      [{ fan_speed_100: 150 }, '/data/attributes/fan_speed_100', 'Значення має бути від 10 до 100'],
      [{ feeder_work_30: 2.5 }, '/data/attributes/feeder_work_30', 'Значення має бути цілим числом'],
      [
        { fuel_calorific_value: 4.85 },
        '/data/attributes/fuel_calorific_value',
        'Значення має бути кратним 0,1',
      ],
    ]
    for (const [payload, pointer, detail] of cases) {
      const answer = await adminPatch(dev.itemId, payload)
      expect(answer.statusCode, pointer).toBe(422)
      expect(answer.json().errors[0]).toMatchObject({ source: { pointer }, detail })
    }
    const unknown = await adminPatch(dev.itemId, { fan_speed: 50 })
    expect(unknown.statusCode).toBe(422)
    expect((await row(dev.itemId)).serviceSettings).toBeNull()
  })

  it('takes a document of its own type (item-service-settings): another type is 409 and changes nothing', async () => {
    const dev = await device()
    const document = (type: string) => ({
      data: { type, id: String(dev.itemId), attributes: { fan_speed_100: 50 } },
    })
    expect((await adminPatch(dev.itemId, document('items'))).statusCode).toBe(409)
    expect((await row(dev.itemId)).serviceSettings).toBeNull()
    expect((await adminPatch(dev.itemId, document(SERVICE_SETTINGS_TYPE))).statusCode).toBe(200)
  })

  it('refuses a change on a device not yet paired (422 in Ukrainian)', async () => {
    const created = await link.app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(link.adminToken),
      payload: { name: 'Не підключений', owner: 'Тест', serial_number: '7345001', category_id: 1 },
    })
    const id = Number(created.json().data.id)
    const answer = await adminPatch(id, { fan_speed_30: 45 })
    expect(answer.statusCode).toBe(422)
    expect(answer.json().errors[0].detail).toMatch(/^Пристрій ще не підтверджено/)
  })
})

describe('round trip with the controller', () => {
  it('sends the change beside the settings; the simulated controller applies it and the item is synced', async () => {
    const dev = await simulated()
    const patched = await adminPatch(dev.itemId, { fan_speed_30: 45, cleaning_interval: 90 })
    expect(patched.statusCode).toBe(200)
    expect(attributesOf(patched.body).sync_status).toBe('pending')
    // Telemetry reporting the new version may mark it synced before the ack with the values is stored.
    const synced = await waitFor(
      async () => {
        const answer = attributesOf((await adminGet(dev.itemId)).body)
        const reported = answer.reported_service_settings as Record<string, number> | null
        return answer.sync_status === 'synced' && reported?.fan_speed_30 === 45 ? answer : undefined
      },
      10_000,
      'service settings synced',
    )
    expect(synced).toMatchObject({
      fan_speed_30: 45,
      cleaning_interval: 90,
      applied_version: synced.settings_version,
      reported_service_settings: { fan_speed_30: 45, cleaning_interval: 90 },
    })
    expect(simulator!.device(dev.serial)!.runtime.service.fan_speed_30).toBe(45)
  }, 30_000)

  it('travels with a weekly schedule under one version: both in effect on the controller, the item synced', async () => {
    const dev = await simulated()
    const schedule = await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}/schedule`,
      headers: bearer(link.adminToken),
      payload: { enabled: true, heater_reduction: 12 },
    })
    expect(schedule.statusCode).toBe(200)
    expect((await adminPatch(dev.itemId, { fan_speed_60: 65 })).statusCode).toBe(200)
    const version = (await row(dev.itemId)).settingsVersion
    await waitFor(
      async () => {
        const item = await row(dev.itemId)
        return item.syncStatus === 'synced' &&
          item.reportedSchedule?.heater_reduction === 12 &&
          (item.reportedServiceSettings as Record<string, number> | null)?.fan_speed_60 === 65
          ? item
          : undefined
      },
      10_000,
      'schedule and service settings both acknowledged',
    )
    const runtime = simulator!.device(dev.serial)!.runtime
    expect(runtime.service.fan_speed_60).toBe(65)
    expect(runtime.schedule).toMatchObject({ enabled: true, heater_reduction: 12 })
    expect((await row(dev.itemId)).appliedVersion).toBe(version)
  }, 30_000)

  it('shows the reason when the controller refuses a combination its burner cannot run', async () => {
    const dev = await simulated()
    const patched = await adminPatch(dev.itemId, { fan_speed_100: 40 })
    expect(patched.statusCode).toBe(200)
    const refused = await waitFor(
      async () => {
        const answer = attributesOf((await adminGet(dev.itemId)).body)
        return answer.sync_status === 'refused' ? answer : undefined
      },
      10_000,
      'refusal',
    )
    expect(refused.sync_reason).toMatch(/^service\.fan_speed_100: вентилятор на 40 % не дає повітря/)
    // The controller still runs on what it had.
    expect(refused.reported_service_settings).toMatchObject({ fan_speed_100: 90 })
    const audit = await link.app.db.select().from(itemAudit).where(eq(itemAudit.itemId, dev.itemId))
    expect(audit.at(-1)).toMatchObject({ outcome: 'refused', reason: refused.sync_reason })
  }, 30_000)

  it('leaves a controller that knows nothing of them as before until they are set, then says they are unconfirmed', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    const first = await waitFor(() => desired.find((m) => m.version === 1), 5000, 'version 1')
    expect(first).not.toHaveProperty('service')
    const ack = (message: DesiredSettingsMessage) =>
      publish(client, dev.serial, 'settings/ack', {
        version: message.version,
        result: 'applied',
        ts: new Date().toISOString(),
        applied: message.settings,
        applied_version: message.version,
      })
    await ack(first)
    expect((await row(dev.itemId)).syncStatus).toBe('synced')

    await adminPatch(dev.itemId, { pump_start_temp: 40 })
    const second = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(second.service).toEqual({ ...DEFAULT_SERVICE_SETTINGS, pump_start_temp: 40 })
    await ack(second)
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'refused', syncError: SERVICE_NOT_CONFIRMED })
  })
})

function adminGet(itemId: number) {
  return link.app.inject({ method: 'GET', url: url(itemId), headers: bearer(link.adminToken) })
}
