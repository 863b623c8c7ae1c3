import {
  type ActivePeriod,
  type DesiredSettingsMessage,
  msg,
  SCHEDULE_TIME_ZONE,
  type SettingsAckMessage,
  scheduleDocumentSchema,
  topicFor,
} from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import { desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { items, telemetry as telemetryTable } from '../../../src/db/schema.ts'
import { device, link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { inbox, publish, readItem, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'
import { addDevice, addPerson } from '../../support/sharing-fixture.ts'

useDeviceLinkApp()

let simulator: ReturnType<typeof startSimulator> | undefined
afterEach(async () => {
  await simulator?.stop()
  simulator = undefined
})

const night = 'r'.repeat(12) + 'c'.repeat(32) + 'r'.repeat(4)
const nights = Array(7).fill(night) as string[]

const getSchedule = (itemId: number, token = link.adminToken) =>
  link.app.inject({ method: 'GET', url: `/api/v2/items/${itemId}/schedule`, headers: bearer(token) })
const patchSchedule = (itemId: number, payload: object, token = link.adminToken) =>
  link.app.inject({
    method: 'PATCH',
    url: `/api/v2/items/${itemId}/schedule`,
    headers: bearer(token),
    payload,
  })

describe('GET|PATCH /items/{id}/schedule', () => {
  it('answers the default schedule (off, comfort all week) until one is set, then the one set', async () => {
    const dev = await device()
    // Verification starts the device's settings versions in the background: read the version once that is written.
    await row(dev.itemId)
    const first = await getSchedule(dev.itemId)
    expect(first.statusCode).toBe(200)
    const document = scheduleDocumentSchema.parse(first.json())
    expect(document.data.attributes).toMatchObject({
      enabled: false,
      time_zone: SCHEDULE_TIME_ZONE,
      days: Array(7).fill('c'.repeat(48)),
      reported_schedule: null,
      active_period: null,
    })
    expect(document.data.links.self).toBe(`/api/v2/items/${dev.itemId}/schedule`)
    const version = document.data.attributes.settings_version

    const saved = await patchSchedule(dev.itemId, { enabled: true, days: nights, heater_reduction: 12 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data.attributes).toMatchObject({
      enabled: true,
      days: nights,
      heater_reduction: 12,
      sync_status: 'pending',
      settings_version: version + 1,
    })
    // The other members stay; the same schedule again is no new version.
    const again = await patchSchedule(dev.itemId, { heater_reduction: 12 })
    expect(again.json().data.attributes).toMatchObject({ settings_version: version + 1, days: nights })
  })

  it('refuses bad shapes with 422 on the member at fault, in Ukrainian', async () => {
    const dev = await device()
    const shortDay = await patchSchedule(dev.itemId, { days: [...nights.slice(0, 6), 'r'.repeat(47)] })
    expect(shortDay.statusCode).toBe(422)
    expect(shortDay.json().errors[0]).toMatchObject({
      detail: 'День розкладу — 48 півгодин, кожна «c» (комфорт) або «r» (зниження)',
      source: { pointer: '/data/attributes/days/6' },
    })
    const sixDays = await patchSchedule(dev.itemId, { days: nights.slice(0, 6) })
    expect(sixDays.json().errors[0].source.pointer).toBe('/data/attributes/days')
    const tooMuch = await patchSchedule(dev.itemId, { boiler_reduction: 31 })
    expect(tooMuch.json().errors[0]).toMatchObject({
      detail: 'Зниження — ціле число від 0 до 30 °C',
      source: { pointer: '/data/attributes/boiler_reduction' },
    })
    const unknown = await patchSchedule(dev.itemId, { comfort_temp: 21 })
    expect(unknown.statusCode).toBe(422)
  })

  it('takes a document of its own type (schedules): another type is 409 and changes nothing', async () => {
    const dev = await device()
    await row(dev.itemId)
    const before = (await getSchedule(dev.itemId)).json().data.attributes.settings_version
    const document = (type: string) => ({
      data: { type, id: String(dev.itemId), attributes: { enabled: true, days: nights } },
    })
    const other = await patchSchedule(dev.itemId, document('items'))
    expect(other.statusCode).toBe(409)
    expect((await getSchedule(dev.itemId)).json().data.attributes.settings_version).toBe(before)
    expect((await patchSchedule(dev.itemId, document('schedules'))).statusCode).toBe(200)
  })

  it('lets a viewer read and not change it, and hides it from a stranger', async () => {
    const owner = await addPerson(link.app, 'schedule-owner@example.com', 'user')
    const viewer = await addPerson(link.app, 'schedule-viewer@example.com', 'user')
    const operator = await addPerson(link.app, 'schedule-operator@example.com', 'user')
    const stranger = await addPerson(link.app, 'schedule-stranger@example.com', 'user')
    const item = await addDevice(link.app, owner.id, [
      [viewer.id, 'viewer'],
      [operator.id, 'operator'],
    ])
    expect((await getSchedule(item.id, viewer.token)).statusCode).toBe(200)
    const refused = await patchSchedule(item.id, { enabled: true }, viewer.token)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors[0].detail).toBe('Ваш доступ до цього пристрою не дозволяє цієї дії')
    expect((await getSchedule(item.id, stranger.token)).statusCode).toBe(404)
    // Even an invalid body: a stranger learns nothing of the rules.
    expect((await patchSchedule(item.id, { days: 'x' }, stranger.token)).statusCode).toBe(404)
    expect((await patchSchedule(item.id, { enabled: true }, operator.token)).statusCode).toBe(200)
  })
})

describe('the schedule on the device link', () => {
  it('goes out with the settings, pending until the simulated controller acknowledges it', async () => {
    const dev = await device()
    simulator = startSimulator({ url: link.brokerUrl, devices: [dev], intervalSeconds: 1 })
    const agent = simulator.device(dev.serial)!
    await simulator.whenConnected()
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 10_000, 'version 1 synced')

    const saved = await patchSchedule(dev.itemId, { enabled: true, days: Array(7).fill('r'.repeat(48)) })
    expect(saved.json().data.attributes.sync_status).toBe('pending')
    const version = saved.json().data.attributes.settings_version as number
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 10_000, 'schedule synced')
    expect(agent.runtime.schedule).toMatchObject({ enabled: true, time_zone: SCHEDULE_TIME_ZONE })

    const attributes = (await getSchedule(dev.itemId)).json().data.attributes
    expect(attributes).toMatchObject({ sync_status: 'synced', applied_version: version })
    expect(attributes.reported_schedule).toMatchObject({ enabled: true, days: Array(7).fill('r'.repeat(48)) })
    // The change log has it, settled by the same acknowledgement.
    const audit = await link.app.inject({
      method: 'GET',
      url: `/api/v2/items/${dev.itemId}/audit`,
      headers: bearer(link.adminToken),
    })
    expect(audit.json().data[0].attributes).toMatchObject({
      action: 'schedule',
      outcome: 'applied',
      changes: { enabled: { from: false, to: true }, reduced_hours: { from: 0, to: 168 } },
    })
    // The next readings carry the period: reduced all week, for good.
    await waitFor(
      async () => (await readItem(link.app, link.adminToken, dev.itemId)).schedule_period !== null,
      10_000,
      'period reported',
    )
    expect((await readItem(link.app, link.adminToken, dev.itemId)).schedule_period).toEqual({
      mode: 'reduced',
      until: null,
    })
    // The history keeps the set points in force: the comfort ones lowered by the reductions of the schedule
    // the controller acknowledged (readings that arrive with the ack itself are stored before it).
    const stored = await row(dev.itemId)
    const latestSetPoints = async () => {
      await link.app.deviceLink!.settle()
      const [latest] = await link.app.db
        .select({ heater: telemetryTable.heaterTempSet, boiler: telemetryTable.boilerTempSet })
        .from(telemetryTable)
        .where(eq(telemetryTable.itemId, dev.itemId))
        .orderBy(desc(telemetryTable.recordedAt))
        .limit(1)
      return latest
    }
    await waitFor(
      async () => (await latestSetPoints())?.heater === stored.heaterTempSet - 10,
      10_000,
      'a reading at the reduced set point',
    )
    expect(await latestSetPoints()).toEqual({
      heater: stored.heaterTempSet - 10,
      boiler: stored.boilerTempSet - 5,
    })
  })

  it('reaches a controller that was offline when it changed, on reconnect', async () => {
    const dev = await device()
    // Nothing is connected: the change waits in the retained desired message.
    const saved = await patchSchedule(dev.itemId, { enabled: true, days: nights, boiler_reduction: 7 })
    expect(saved.statusCode).toBe(200)
    expect((await row(dev.itemId)).syncStatus).toBe('pending')

    simulator = startSimulator({ url: link.brokerUrl, devices: [dev], intervalSeconds: 1 })
    const agent = simulator.device(dev.serial)!
    await simulator.whenConnected()
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 10_000, 'delivered')
    expect(agent.runtime.schedule).toMatchObject({ days: nights, boiler_reduction: 7 })
    expect((await row(dev.itemId)).reportedSchedule).toMatchObject({ days: nights, boiler_reduction: 7 })
    await waitFor(
      async () => (await readItem(link.app, link.adminToken, dev.itemId)).schedule_period !== null,
      10_000,
      'period reported',
    )
    const period = (await readItem(link.app, link.adminToken, dev.itemId)).schedule_period as ActivePeriod
    expect(period.until).toMatch(/^\d{4}-\d\d-\d\d \d\d:[03]0:00$/)
  })

  it('is refused, honestly, by a controller that acknowledges without one', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await waitFor(() => desired.some((m) => m.version === 1), 5000, 'version 1')
    // Before any schedule, an old controller's ack settles the settings as always.
    expect(desired[0]?.schedule).toBeUndefined()
    const ack = (message: DesiredSettingsMessage): SettingsAckMessage => ({
      version: message.version,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: message.settings,
      applied_version: message.version,
    })
    await publish(client, dev.serial, 'settings/ack', ack(desired[0]!))
    expect((await row(dev.itemId)).syncStatus).toBe('synced')

    await patchSchedule(dev.itemId, { enabled: true })
    const withSchedule = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    expect(withSchedule.schedule).toMatchObject({ enabled: true, time_zone: SCHEDULE_TIME_ZONE })
    await publish(client, dev.serial, 'settings/ack', ack(withSchedule))
    expect(await row(dev.itemId)).toMatchObject({
      syncStatus: 'refused',
      syncError: msg('sync.scheduleUnsupported'),
    })
    await publish(client, dev.serial, 'telemetry', telemetry({ settings_version: 2 }))
    expect((await readItem(link.app, link.adminToken, dev.itemId)).schedule_period).toBeNull()

    // Turning the schedule off is what such a controller does anyway: its ack settles that.
    await patchSchedule(dev.itemId, { enabled: false })
    const off = await waitFor(() => desired.find((m) => m.version === 3), 5000, 'version 3')
    expect(off.schedule).toMatchObject({ enabled: false })
    await publish(client, dev.serial, 'settings/ack', ack(off))
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'synced', syncError: null })
  })

  it('is refused with a reason by a controller that has another schedule in effect', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    await patchSchedule(dev.itemId, { enabled: true, days: nights })
    const sent = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: sent.settings,
      applied_version: 2,
      applied_schedule: { ...sent.schedule!, heater_reduction: sent.schedule!.heater_reduction + 1 },
    })
    expect(await row(dev.itemId)).toMatchObject({
      syncStatus: 'refused',
      syncError: msg('sync.scheduleDifferent'),
    })
    const attributes = (await getSchedule(dev.itemId)).json().data.attributes
    expect(attributes.sync_reason).toBe('schedule: застосовано інший розклад')
    // Rendered in the language the request asks for.
    const english = await link.app.inject({
      method: 'GET',
      url: `/api/v2/items/${dev.itemId}/schedule`,
      headers: { ...bearer(link.adminToken), 'accept-language': 'en' },
    })
    expect(english.json().data.attributes.sync_reason).toBe('schedule: a different schedule was applied')
    expect(attributes.reported_schedule.heater_reduction).toBe(sent.schedule!.heater_reduction + 1)
  })

  it('cannot be changed on a device not yet verified or archived', async () => {
    const dev = await device()
    await link.app.db.update(items).set({ status: 'archive' }).where(eq(items.id, dev.itemId))
    const archived = await patchSchedule(dev.itemId, { days: nights })
    expect(archived.statusCode).toBe(422)
    expect(archived.json().errors[0]).toMatchObject({
      detail: 'Пристрій заблоковано: змінити його налаштування неможливо',
      source: { pointer: '/data/attributes/days' },
    })
    await link.app.db.update(items).set({ status: 'pending' }).where(eq(items.id, dev.itemId))
    expect((await patchSchedule(dev.itemId, { enabled: true })).statusCode).toBe(422)
  })
})
