import { ALARM_KINDS, DEMO_ACCOUNTS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import { alarmsOf, notificationsOfAlarm, readings, settleAlarms } from '../../support/alarms-support.ts'
import { device, link, online } from '../../support/device-link-harness.ts'
import { bearer, loginAs, openTestDatabase, testConfig } from '../../support/helper.ts'
import { inlineRefs } from '../../support/openapi-support.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

// A kind that exists only in tests (flue_gas_hot, its threshold flue_gas_temp): added to the alarm rules, with the
// migration a developer would write, and nothing else. Everything below must follow from its rule.
vi.mock('../../../../../packages/domain/src/alarm-rules/rules.ts', async (importOriginal) => {
  const { withTestOnlyAlarmRules } = await import(
    '../../../../../packages/domain/src/alarm-rules/test-only-rules.test-data.ts'
  )
  return withTestOnlyAlarmRules(await importOriginal<{ ALARM_RULES: object }>())
})

beforeAll(async () => {
  const database = await openTestDatabase()
  // The migration: the threshold's column with its default, and the kind in the table's check.
  await database.db.execute(sql`alter table item_alarm_settings
    add column flue_gas_temp double precision not null default 250`)
  await database.db.execute(sql`alter table alarms drop constraint alarms_kind_check`)
  await database.db.execute(sql`alter table alarms add constraint alarms_kind_check check (kind in
    ('device_error', 'offline', 'overheat', 'frost', 'fire_out', 'fuel_low', 'identity_conflict', 'flue_gas_hot'))`)
  const app = await buildApp({
    config: testConfig({
      MQTT_ENABLED: 'true',
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: '0',
      ALARM_CLEAR_SECONDS: '1',
      ALARM_CHECK_SECONDS: '3600',
      NOTIFY_RETRY_SECONDS: '3600',
    }),
    database,
  })
  await app.ready()
  link.app = Object.assign(app, { closeAll: async () => app.close().then(() => database.close()) })
  link.adminToken = await loginAs(app, admin.email, admin.password)
  link.brokerUrl = app.deviceLink!.transport.address
})
afterAll(async () => {
  await link.app?.closeAll()
})

const api = (method: 'GET' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  link.app.inject({
    method,
    url,
    headers: { ...bearer(link.adminToken), ...headers },
    ...(payload ? { payload } : {}),
  })

describe('an alarm kind added to the rules', () => {
  it('has a threshold that is read, validated in its limits and stored with no other change', async () => {
    const dev = await device()
    const settings = `/api/v2/items/${dev.itemId}/alarm-settings`

    // The document carries it at its default, beside the real ones.
    expect((await api('GET', settings)).json().data.attributes).toEqual({
      offline_minutes: 10,
      overheat_temp: 90,
      frost_temp: 5,
      fuel_days: 3,
      reorder_days: 3,
      flue_gas_temp: 250,
    })

    // Refused out of its limits and when not whole, in the words of its rule, in Ukrainian and in English.
    const tooHot = await api('PATCH', settings, { flue_gas_temp: 400 })
    expect(tooHot.statusCode).toBe(422)
    expect(tooHot.json().errors[0]).toMatchObject({
      detail: 'Поріг температури димових газів — від 150 до 350 °C',
      source: { pointer: '/data/attributes/flue_gas_temp' },
    })
    const english = await api('PATCH', settings, { flue_gas_temp: 100 }, { 'accept-language': 'en' })
    expect(english.json().errors[0].detail).toBe('Flue gas threshold: from 150 to 350 °C')
    const fraction = await api('PATCH', settings, { flue_gas_temp: 200.5 })
    expect(fraction.json().errors[0].detail).toBe('Поріг температури димових газів має бути цілим числом')

    const saved = await api('PATCH', settings, { flue_gas_temp: 200 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data.attributes).toMatchObject({ flue_gas_temp: 200, overheat_temp: 90 })
    const stored = await link.app.db.execute(
      sql`select flue_gas_temp from item_alarm_settings where item_id = ${dev.itemId}`,
    )
    expect(JSON.stringify(stored)).toContain('"flue_gas_temp":200')
  })

  it('is raised by the engine from the device state against the owner’s threshold, notified, worded and cleared', async () => {
    const dev = await device()
    expect(
      (await api('PATCH', `/api/v2/items/${dev.itemId}/alarm-settings`, { flue_gas_temp: 200 })).statusCode,
    ).toBe(200)
    const client = await online(dev)
    const send = readings(client, dev.serial)
    try {
      await send({ gas_temp: 190 })
      await settleAlarms(link.app)
      expect(await alarmsOf(link.app, dev.itemId, 'flue_gas_hot')).toHaveLength(0)

      await send({ gas_temp: 231 })
      await settleAlarms(link.app)
      const [alarm] = await alarmsOf(link.app, dev.itemId, 'flue_gas_hot')
      expect(alarm).toMatchObject({ value: 231, threshold: 200, clearedAt: null })
      expect(await notificationsOfAlarm(link.app, alarm!.id)).toHaveLength(1)

      // The API words it with the rule's texts, in the reader's account's language.
      const listed = await api('GET', `/api/v2/items/${dev.itemId}/alarms`)
      expect(listed.json().data[0].attributes).toMatchObject({
        kind: 'flue_gas_hot',
        title: 'Перегрів димових газів',
        description: 'Температура димових газів 231 °C — вища за поріг 200 °C.',
        action: 'Перевірте тягу димоходу й очистіть теплообмінник.',
      })
      expect((await api('PATCH', '/api/v2/me', { language: 'en' })).statusCode).toBe(200)
      const inEnglish = await api('GET', `/api/v2/items/${dev.itemId}/alarms`)
      expect((await api('PATCH', '/api/v2/me', { language: 'uk' })).statusCode).toBe(200)
      expect(inEnglish.json().data[0].attributes).toMatchObject({
        title: 'Flue gas too hot',
        description: 'The flue gas is at 231 °C, above the threshold of 200 °C.',
      })

      // Still hot after a few degrees down (its rule clears 20 °C below), then over.
      await send({ gas_temp: 190 })
      await settleAlarms(link.app)
      expect((await alarmsOf(link.app, dev.itemId, 'flue_gas_hot'))[0]!.clearedAt).toBeNull()
      await send({ gas_temp: 175 })
      await settleAlarms(link.app)
      expect((await alarmsOf(link.app, dev.itemId, 'flue_gas_hot'))[0]!.clearedAt).not.toBeNull()
    } finally {
      await client.endAsync(true)
    }
  })

  it('is a kind of the notification preferences and of the documentation', async () => {
    expect(ALARM_KINDS).toContain('flue_gas_hot')
    const muted = await api('PATCH', '/api/v2/me/notification-settings', { kinds: { flue_gas_hot: false } })
    expect(muted.statusCode).toBe(200)
    expect(muted.json().data.attributes.kinds).toMatchObject({ flue_gas_hot: false, overheat: true })

    const spec = (await link.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const thresholds = spec.paths['/api/v2/items/{id}/alarm-settings']
    const read = (value: unknown) => JSON.stringify(inlineRefs(spec, value))
    expect(read(thresholds.patch.requestBody)).toContain('flue_gas_temp')
    expect(read(thresholds.get.responses)).toContain('flue_gas_temp')
    expect(read(spec.paths['/api/v2/items/{id}/alarms'].get.responses)).toContain('flue_gas_hot')
  })
})
