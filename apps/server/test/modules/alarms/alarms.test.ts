import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { alarms, alarmWatches, items, telemetry1h } from '../../../src/db/schema.ts'
import { kyivMinutes, quietUntil } from '../../../src/modules/alarms/notification-settings.ts'
import {
  alarmsOf,
  deliveriesOf,
  notificationsOfAlarm,
  readings,
  settleAlarms,
} from '../../support/alarms-support.ts'
import { device, link, online, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { publish } from '../../support/device-support.ts'
import { bearer, loginAs } from '../../support/helper.ts'

// Clearing holds of a second, and no timers of their own: each test runs the checks when it wants them.
useDeviceLinkApp({ ALARM_CLEAR_SECONDS: '1', ALARM_CHECK_SECONDS: '3600', NOTIFY_RETRY_SECONDS: '3600' })

const plainUser = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function errorEvent(
  client: Parameters<typeof publish>[0],
  serial: string,
  code: 'E1' | 'E3',
  id: string,
) {
  await publish(client, serial, 'events/error', {
    event_id: id,
    code,
    ts: new Date().toISOString(),
    mode_status: 1,
    heater_temp: 60,
    boiler_temp: 50,
    gas_temp: 150,
    burner_power: 0,
    work_mode: 1,
  })
}

async function api(method: 'GET' | 'POST' | 'PATCH', url: string, token = link.adminToken, payload?: object) {
  return link.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
}

describe('controller errors', () => {
  it('raise one alarm per episode, notify the owner once, clear after the burner fires again, and notify a new episode', async () => {
    const dev = await device()
    const client = await online(dev)
    const send = readings(client, dev.serial, Date.now() - 60_000)
    await send({ burner_on: true })
    await errorEvent(client, dev.serial, 'E1', 'e-1')
    await settleAlarms(link.app)
    let [alarm] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(alarm).toMatchObject({ code: 'E1', clearedAt: null, repeats: 0 })
    const [notification] = await notificationsOfAlarm(link.app, alarm!.id)
    const [owner] = await link.app.db
      .select({ userId: items.userId })
      .from(items)
      .where(eq(items.id, dev.itemId))
    expect(notification!.userId).toBe(owner!.userId)
    // E-mail and push rows; push has no sender yet and is skipped, saying why.
    const deliveries = await deliveriesOf(link.app, alarm!.id)
    expect(deliveries.map((d) => d.channel).sort()).toEqual(['email', 'push'])
    expect(deliveries.find((d) => d.channel === 'push')).toMatchObject({
      state: 'skipped',
      lastError: 'no push subscriptions',
    })

    // The controller repeats the error: counted on the open alarm, nobody notified again.
    await errorEvent(client, dev.serial, 'E1', 'e-2')
    await send({ burner_on: false, work_mode: 1 })
    await settleAlarms(link.app)
    ;[alarm] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(alarm!.repeats).toBe(1)
    expect(await notificationsOfAlarm(link.app, alarm!.id)).toHaveLength(1)

    // Firing again: the hold starts; past it, the alarm clears.
    await send({ burner_on: true })
    await settleAlarms(link.app)
    ;[alarm] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(alarm!.clearPendingSince).not.toBeNull()
    expect(alarm!.clearedAt).toBeNull()
    await pause(1100)
    await send({ burner_on: true })
    await settleAlarms(link.app)
    ;[alarm] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(alarm!.clearedAt).not.toBeNull()

    // A new episode of the same code is a new alarm and a new notification.
    await errorEvent(client, dev.serial, 'E1', 'e-3')
    await settleAlarms(link.app)
    const episodes = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(episodes).toHaveLength(2)
    expect(await notificationsOfAlarm(link.app, episodes[1]!.id)).toHaveLength(1)
  })
})

describe('temperatures', () => {
  it('raise overheat above the threshold, keep it while flapping around it, clear it 5 °C below', async () => {
    const dev = await device()
    const client = await online(dev)
    const send = readings(client, dev.serial)
    await send({ heater_temp: 70 })
    for (const temp of [91, 89.5, 92, 88, 91.5, 86]) {
      await send({ heater_temp: temp })
      await settleAlarms(link.app)
    }
    let overheat = await alarmsOf(link.app, dev.itemId, 'overheat')
    expect(overheat).toHaveLength(1)
    expect(overheat[0]).toMatchObject({ value: 91, threshold: 90, clearedAt: null })
    await send({ heater_temp: 84.5 })
    await settleAlarms(link.app)
    overheat = await alarmsOf(link.app, dev.itemId, 'overheat')
    expect(overheat[0]!.clearedAt).not.toBeNull()
  })

  it('raise frost below the threshold and clear it 3 °C above; the owner’s thresholds count', async () => {
    const dev = await device()
    const client = await online(dev)
    const patched = await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, link.adminToken, {
      frost_temp: 8,
      overheat_temp: 80,
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().data.attributes).toMatchObject({
      frost_temp: 8,
      overheat_temp: 80,
      offline_minutes: 10,
    })
    const send = readings(client, dev.serial)
    // Judged reading by reading as they arrive (a device reports every few seconds).
    await send({ heater_temp: 7, burner_on: false, work_mode: 1 })
    await settleAlarms(link.app)
    await send({ heater_temp: 9, burner_on: false, work_mode: 1 })
    await settleAlarms(link.app)
    let frost = await alarmsOf(link.app, dev.itemId, 'frost')
    expect(frost).toHaveLength(1)
    expect(frost[0]).toMatchObject({ threshold: 8, clearedAt: null })
    await send({ heater_temp: 11.5 })
    await settleAlarms(link.app)
    await send({ heater_temp: 81 })
    await settleAlarms(link.app)
    frost = await alarmsOf(link.app, dev.itemId, 'frost')
    expect(frost[0]!.clearedAt).not.toBeNull()
    expect(await alarmsOf(link.app, dev.itemId, 'overheat')).toHaveLength(1)
  })

  it('refuses thresholds out of range, changing nothing', async () => {
    const dev = await device()
    const bad = await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, link.adminToken, {
      overheat_temp: 300,
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors[0].source.pointer).toBe('/data/attributes/overheat_temp')
    const fraction = await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, link.adminToken, {
      offline_minutes: 2.5,
      frost_temp: 3,
    })
    expect(fraction.statusCode).toBe(422)
    expect(fraction.json().errors[0].source.pointer).toBe('/data/attributes/offline_minutes')
    const now = await api('GET', `/api/v2/items/${dev.itemId}/alarm-settings`)
    expect(now.json().data.attributes).toEqual({
      offline_minutes: 10,
      overheat_temp: 90,
      frost_temp: 5,
      fuel_days: 3,
      reorder_days: 3,
    })
  })
})

describe('the fire went out', () => {
  it('is raised after 15 minutes of cooling with the burner off in a heating mode, and cleared when it burns again', async () => {
    const dev = await device()
    const client = await online(dev)
    const send = readings(client, dev.serial, Date.now() - 3_600_000)
    const step = async (...args: Parameters<typeof send>) => {
      await send(...args)
      await settleAlarms(link.app)
    }
    await step({ heater_temp: 62, burner_on: true, work_mode: 6 })
    // Off in a heating mode, cooling: watched from the first reading, nothing raised before 15 minutes.
    await step({ heater_temp: 61, burner_on: false, work_mode: 6, burner_power: 0 })
    await step({ heater_temp: 58, burner_on: false, work_mode: 6, burner_power: 0 }, 600)
    expect(await alarmsOf(link.app, dev.itemId, 'fire_out')).toHaveLength(0)
    expect(
      await link.app.db.select().from(alarmWatches).where(eq(alarmWatches.itemId, dev.itemId)),
    ).toHaveLength(1)
    await send({ heater_temp: 55, burner_on: false, work_mode: 6, burner_power: 0 }, 330)
    await settleAlarms(link.app)
    const [fireOut] = await alarmsOf(link.app, dev.itemId, 'fire_out')
    expect(fireOut).toMatchObject({ value: 55, clearedAt: null })
    await send({ heater_temp: 56, burner_on: true, work_mode: 6 })
    await settleAlarms(link.app)
    expect((await alarmsOf(link.app, dev.itemId, 'fire_out'))[0]!.clearedAt).not.toBeNull()
  })

  it('is not raised while the water warms (the burner only paused) or in a mode that does not heat', async () => {
    const dev = await device()
    const client = await online(dev)
    const send = readings(client, dev.serial, Date.now() - 3_600_000)
    for (const [reading, seconds] of [
      [{ heater_temp: 60, burner_on: false, work_mode: 6 }, 10],
      [{ heater_temp: 61, burner_on: false, work_mode: 6 }, 960],
      [{ heater_temp: 50, burner_on: false, work_mode: 14 }, 960],
      [{ heater_temp: 40, burner_on: false, work_mode: 14 }, 960],
    ] as const) {
      await send(reading, seconds)
      await settleAlarms(link.app)
    }
    expect(await alarmsOf(link.app, dev.itemId, 'fire_out')).toHaveLength(0)
  })
})

describe('silence', () => {
  it('raises one offline alarm past the device’s threshold, even with two checks at once, and clears it once the device talks for the hold', async () => {
    const dev = await device()
    const client = await online(dev)
    const send = readings(client, dev.serial)
    await send()
    await settleAlarms(link.app)
    await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, link.adminToken, { offline_minutes: 2 })
    // Silent for 90 s: under the owner's 2 minutes.
    await link.app.db
      .update(items)
      .set({ lastSeenAt: sql`now() - interval '90 seconds'` })
      .where(eq(items.id, dev.itemId))
    await link.app.alarms.engine.checkSilence()
    expect(await alarmsOf(link.app, dev.itemId, 'offline')).toHaveLength(0)
    await link.app.db
      .update(items)
      .set({ lastSeenAt: sql`now() - interval '3 minutes'` })
      .where(eq(items.id, dev.itemId))
    await Promise.all([link.app.alarms.engine.checkSilence(), link.app.alarms.engine.checkSilence()])
    await link.app.alarms.engine.checkSilence()
    const offline = await alarmsOf(link.app, dev.itemId, 'offline')
    expect(offline).toHaveLength(1)
    expect(offline[0]!.threshold).toBe(2)
    expect(await notificationsOfAlarm(link.app, offline[0]!.id)).toHaveLength(1)

    // Back: the hold starts; a device back for less than the hold that goes silent again keeps the alarm.
    await send()
    await settleAlarms(link.app)
    expect((await alarmsOf(link.app, dev.itemId, 'offline'))[0]!.clearPendingSince).not.toBeNull()
    await link.app.db
      .update(items)
      .set({ lastSeenAt: sql`now() - interval '3 minutes'` })
      .where(eq(items.id, dev.itemId))
    await link.app.alarms.engine.checkSilence()
    expect((await alarmsOf(link.app, dev.itemId, 'offline'))[0]).toMatchObject({
      clearPendingSince: null,
      clearedAt: null,
    })
    await send()
    await settleAlarms(link.app)
    await pause(1100)
    await link.app.alarms.engine.checkSilence()
    const after = await alarmsOf(link.app, dev.itemId, 'offline')
    expect(after).toHaveLength(1)
    expect(after[0]!.clearedAt).not.toBeNull()
  })
})

describe('API and authorization', () => {
  it('lists a device’s alarms by state and range, acknowledges with who and when, and hides them from anyone else', async () => {
    const dev = await device()
    const client = await online(dev)
    await errorEvent(client, dev.serial, 'E3', 'api-1')
    await settleAlarms(link.app)
    const list = await api('GET', `/api/v2/items/${dev.itemId}/alarms?filter[state]=active`)
    expect(list.statusCode).toBe(200)
    const [alarm] = list.json().data
    expect(alarm.attributes).toMatchObject({ kind: 'device_error', code: 'E3', state: 'active' })
    expect(alarm.attributes.description).toContain('90 °C')
    expect(alarm.attributes.action).toContain('Не вимикайте живлення')

    const userToken = await loginAs(link.app, plainUser.email, plainUser.password)
    expect((await api('GET', `/api/v2/items/${dev.itemId}/alarms`, userToken)).statusCode).toBe(404)
    expect(
      (await api('POST', `/api/v2/items/${dev.itemId}/alarms/${alarm.id}/acknowledge`, userToken)).statusCode,
    ).toBe(404)
    expect((await api('GET', `/api/v2/items/${dev.itemId}/alarm-settings`, userToken)).statusCode).toBe(404)

    const acked = await api('POST', `/api/v2/items/${dev.itemId}/alarms/${alarm.id}/acknowledge`)
    expect(acked.statusCode).toBe(200)
    expect(acked.json().data.attributes).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: 'Адміністратор',
    })
    const future = new Date(Date.now() + 3_600_000).toISOString()
    const ranged = await api('GET', `/api/v2/items/${dev.itemId}/alarms?from=${future}`)
    expect(ranged.json().data).toHaveLength(0)
    const acknowledged = await api('GET', `/api/v2/items/${dev.itemId}/alarms?filter[state]=acknowledged`)
    expect(acknowledged.json().data.map((a: { id: string }) => a.id)).toEqual([alarm.id])
    const wrongAlarm = await api('POST', `/api/v2/items/${dev.itemId}/alarms/999999/acknowledge`)
    expect(wrongAlarm.statusCode).toBe(404)
    const badState = await api('GET', `/api/v2/items/${dev.itemId}/alarms?filter[state]=loud`)
    expect(badState.statusCode).toBe(400)
    expect(badState.json().errors[0].source.parameter).toBe('filter[state]')
  })

  it('keeps each account’s notifications its own: list, unread filter, read, read all', async () => {
    const dev = await device()
    const client = await online(dev)
    await link.app.inject({
      method: 'POST',
      url: '/api/v2/notifications/read-all',
      headers: bearer(link.adminToken),
    })
    await errorEvent(client, dev.serial, 'E1', 'n-1')
    await errorEvent(client, dev.serial, 'E3', 'n-2')
    await settleAlarms(link.app)
    const unread = await api('GET', '/api/v2/notifications?filter[unread]=true')
    expect(unread.statusCode).toBe(200)
    const body = unread.json()
    expect(body.meta.unread).toBe(2)
    expect(body.data.map((n: { attributes: { code: string } }) => n.attributes.code)).toEqual(['E3', 'E1'])
    expect(body.data[0].attributes.device_name).toBe(`Котел ${dev.serial}`)

    const userToken = await loginAs(link.app, plainUser.email, plainUser.password)
    const theirs = await api('GET', '/api/v2/notifications', userToken)
    expect(theirs.json().data.map((n: { id: string }) => n.id)).not.toContain(body.data[0].id)
    const steal = await api('PATCH', `/api/v2/notifications/${body.data[0].id}`, userToken, { read: true })
    expect(steal.statusCode).toBe(404)

    const read = await api('PATCH', `/api/v2/notifications/${body.data[0].id}`, link.adminToken, {
      read: true,
    })
    expect(read.statusCode).toBe(200)
    expect(read.json().data.attributes.read_at).not.toBeNull()
    expect((await api('GET', '/api/v2/notifications?filter[unread]=1')).json().meta.unread).toBe(1)
    const all = await api('POST', '/api/v2/notifications/read-all')
    expect(all.json().meta.unread).toBe(0)
    expect((await api('GET', '/api/v2/notifications')).json().meta.unread).toBe(0)
    expect((await link.app.inject({ method: 'GET', url: '/api/v2/notifications' })).statusCode).toBe(401)
  })

  it("writes the texts of notifications and alarms in the reader's language", async () => {
    const dev = await device()
    const client = await online(dev)
    await errorEvent(client, dev.serial, 'E3', 'lang-1')
    await settleAlarms(link.app)
    const texts = async () => {
      const [notification] = (await api('GET', '/api/v2/notifications')).json().data
      const [alarm] = (await api('GET', `/api/v2/items/${dev.itemId}/alarms`)).json().data
      return { notification: notification.attributes, alarm: alarm.attributes }
    }
    const ukrainian = {
      title: 'Помилка котла E3',
      description: 'Теплоносій перегрівся: датчик показує понад 90 °C (аварійна температура).',
      action: expect.stringMatching(/^Не вимикайте живлення/),
    }
    expect(await texts()).toMatchObject({ notification: ukrainian, alarm: ukrainian })

    expect((await api('PATCH', '/api/v2/me', link.adminToken, { language: 'en' })).statusCode).toBe(200)
    try {
      const english = {
        title: 'Boiler error E3',
        description: 'The boiler water overheated: the sensor reads above 90 °C (the emergency temperature).',
        action: expect.stringMatching(/^Do not switch the power off/),
      }
      expect(await texts()).toMatchObject({ notification: english, alarm: english })
    } finally {
      await api('PATCH', '/api/v2/me', link.adminToken, { language: 'uk' })
    }
    expect((await texts()).notification.title).toBe('Помилка котла E3')
  })
})

describe('preferences', () => {
  it('a muted kind records nothing for the account; e-mail off leaves only push', async () => {
    const dev = await device()
    const client = await online(dev)
    const patched = await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, {
      kinds: { overheat: false },
      channels: { email: false },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().data.attributes).toMatchObject({
      kinds: { overheat: false, frost: true },
      channels: { email: false, push: true },
    })
    const send = readings(client, dev.serial)
    await send({ heater_temp: 95 })
    await errorEvent(client, dev.serial, 'E1', 'p-1')
    await settleAlarms(link.app)
    const [overheat] = await alarmsOf(link.app, dev.itemId, 'overheat')
    expect(await notificationsOfAlarm(link.app, overheat!.id)).toHaveLength(0)
    const [error] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect((await deliveriesOf(link.app, error!.id)).map((d) => d.channel)).toEqual(['push'])
    await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, {
      kinds: { overheat: true },
      channels: { email: true },
    })
  })

  it('quiet hours: in-app records at once, e-mail and push wait for the end of the window (Kyiv time)', async () => {
    const now = kyivMinutes(new Date())
    const clock = (minutes: number) => {
      const m = (minutes + 1440) % 1440
      return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
    }
    const quiet = { enabled: true, start: clock(now - 60), end: clock(now + 60) }
    await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, { quiet_hours: quiet })
    const dev = await device()
    const client = await online(dev)
    await errorEvent(client, dev.serial, 'E1', 'q-1')
    await settleAlarms(link.app)
    const [alarm] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(await notificationsOfAlarm(link.app, alarm!.id)).toHaveLength(1)
    const deliveries = await deliveriesOf(link.app, alarm!.id)
    for (const delivery of deliveries) {
      expect(delivery.state).toBe('pending')
      expect(delivery.attempts).toBe(0)
      const waits = delivery.nextAttemptAt.getTime() - Date.now()
      expect(waits).toBeGreaterThan(55 * 60_000)
      expect(waits).toBeLessThan(61 * 60_000)
    }
    await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, {
      quiet_hours: { enabled: false },
    })
    await link.app.db.update(alarms).set({ clearedAt: sql`now()` }).where(eq(alarms.itemId, dev.itemId))
  })

  it('refuses malformed preferences with the field named', async () => {
    const bad = await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, {
      quiet_hours: { start: '25:00' },
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors[0].source.pointer).toBe('/data/attributes/quiet_hours/start')
  })

  it('works out the end of quiet hours across midnight', () => {
    const window = { quietEnabled: true, quietStart: '22:00', quietEnd: '07:00' }
    // 23:30 in Kyiv (winter, UTC+2) is 21:30 UTC: quiet until 07:00 Kyiv, 05:00 UTC.
    expect(quietUntil(window, new Date('2026-01-10T21:30:00Z'))?.toISOString()).toBe(
      '2026-01-11T05:00:00.000Z',
    )
    expect(quietUntil(window, new Date('2026-01-10T12:00:00Z'))).toBeNull()
    expect(quietUntil({ ...window, quietEnabled: false }, new Date('2026-01-10T21:30:00Z'))).toBeNull()
  })
})

describe('JSON:API documents', () => {
  it('take the settings as documents of their own type and refuse another type', async () => {
    const settings = await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, {
      data: { type: 'notification-settings', attributes: { channels: { push: false } } },
    })
    expect(settings.statusCode).toBe(200)
    expect(settings.json().data.attributes.channels.push).toBe(false)
    await api('PATCH', '/api/v2/me/notification-settings', link.adminToken, { channels: { push: true } })
    const dev = await device()
    const thresholds = await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, link.adminToken, {
      data: { type: 'alarm-settings', id: String(dev.itemId), attributes: { fuel_days: 5 } },
    })
    expect(thresholds.statusCode).toBe(200)
    const wrong = await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, link.adminToken, {
      data: { type: 'items', attributes: { fuel_days: 6 } },
    })
    expect(wrong.statusCode).toBe(409)
  })
})

describe('fuel', () => {
  it('raises a fuel alarm when the hopper estimate falls below the owner’s days, and clears it after a refill', async () => {
    const dev = await device()
    // Two days of burning at 100 kWh a day (about 23 kg of pellets a day), in hourly rollups.
    const hour = 3_600_000
    const start = Math.floor(Date.now() / hour) * hour - 50 * hour
    await link.app.db.insert(telemetry1h).values(
      Array.from({ length: 48 }, (_, i) => {
        const bucket = new Date(start + i * hour)
        return {
          itemId: dev.itemId,
          bucket,
          samples: 360,
          firstAt: bucket,
          lastAt: new Date(bucket.getTime() + hour - 10_000),
          energyKwh: 100 / 24,
          coveredS: 3600,
        }
      }),
    )
    // And the days' energy beside them, as the ingest keeps it (consumption takes whole days from there).
    await link.app.db.execute(sql`
      insert into telemetry_1d (item_id, bucket, energy_kwh, covered_s)
      select item_id, date_trunc('day', bucket at time zone 'Europe/Kyiv') at time zone 'Europe/Kyiv',
        sum(energy_kwh), sum(covered_s)
      from telemetry_1h where item_id = ${dev.itemId} group by 1, 2`)
    const refill = (kg: number) =>
      api('POST', `/api/v2/items/${dev.itemId}/hopper-refills`, link.adminToken, { kg })
    expect((await refill(50)).statusCode).toBe(201)
    await link.app.alarms.engine.checkFuel()
    const [low] = await alarmsOf(link.app, dev.itemId, 'fuel_low')
    expect(low).toMatchObject({ threshold: 3, clearedAt: null })
    expect(low!.value!).toBeGreaterThan(2)
    expect(low!.value!).toBeLessThan(2.3)
    await link.app.alarms.engine.checkFuel()
    expect(await alarmsOf(link.app, dev.itemId, 'fuel_low')).toHaveLength(1)
    await refill(500)
    await link.app.alarms.engine.checkFuel()
    expect((await alarmsOf(link.app, dev.itemId, 'fuel_low'))[0]!.clearedAt).not.toBeNull()
  })
})
