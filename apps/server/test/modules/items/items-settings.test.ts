import { beforeEach, describe, expect, it } from 'vitest'
import { bearer } from '../../support/helper.ts'
import {
  app,
  events,
  firstError,
  get,
  itemId,
  patch,
  setState,
  stored,
  token,
  useItemsFixture,
} from '../../support/items-fixture.ts'

useItemsFixture()

describe('PATCH /api/v2/items/{id}: dashboard settings', () => {
  const device = () => itemId['100003']!
  beforeEach(async () => {
    await setState(device(), {
      status: 'on',
      syncStatus: 'refused',
      syncError: 'busy',
      gasTempMin: 80,
      gasTempMax: 500,
    })
  })

  it.each([
    [{ heater_temp_set: 0, heater_hysteresis: 0 }],
    [{ heater_temp_set: 80, heater_hysteresis: 8 }],
    [{ boiler_temp_set: 80, boiler_hysteresis: 7.5 }],
    [{ gas_temp_min: 80, gas_temp_max: 500 }],
    [{ burner_power_set: 5, burner_mod: true }],
    [{ burner_power_set: 1000, burner_mod: false }],
    [{ pump_mode: 1 }],
    [{ pump_mode: 4 }],
  ])('accepts %j, stores it, marks it pending and tells the device link', async (values) => {
    const before = await stored(device())
    const res = await patch(device(), 'user', values)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).toMatchObject({ ...values, sync_status: 'pending', sync_reason: null })
    const after = await stored(device())
    expect(after.settingsVersion).toBe(before.settingsVersion + 1)
    expect(events).toEqual([
      { name: 'item.settings-changed', itemId: device() },
      { name: 'item.updated', itemId: device() },
    ])
  })

  it.each([
    [{ heater_temp_set: 81, heater_hysteresis: 5 }, 'heater_temp_set', 'Значення має бути від 0 до 80'],
    [{ heater_temp_set: 999, heater_hysteresis: 5 }, 'heater_temp_set', 'Значення має бути від 0 до 80'],
    [{ heater_temp_set: 80.5, heater_hysteresis: 5 }, 'heater_temp_set', 'Значення має бути цілим числом'],
    [{ heater_temp_set: -1, heater_hysteresis: 5 }, 'heater_temp_set', 'Значення має бути від 0 до 80'],
    [{ heater_temp_set: 60, heater_hysteresis: 8.5 }, 'heater_hysteresis', 'Значення має бути від 0 до 8'],
    [{ heater_temp_set: 60, heater_hysteresis: 0.25 }, 'heater_hysteresis', 'Значення має бути кратним 0,5'],
    [{ boiler_temp_set: 81, boiler_hysteresis: 5 }, 'boiler_temp_set', 'Значення має бути від 0 до 80'],
    [{ gas_temp_min: 79, gas_temp_max: 500 }, 'gas_temp_min', 'Значення має бути від 80 до 500'],
    [{ gas_temp_min: 80, gas_temp_max: 501 }, 'gas_temp_max', 'Значення має бути від 80 до 500'],
    [
      { gas_temp_min: 300, gas_temp_max: 200 },
      'gas_temp_min',
      'Мінімальна температура не може бути більшою за максимальну',
    ],
    [{ burner_power_set: 4, burner_mod: true }, 'burner_power_set', 'Значення має бути від 5 до 1000'],
    [{ burner_power_set: 1001, burner_mod: true }, 'burner_power_set', 'Значення має бути від 5 до 1000'],
    [{ pump_mode: 0 }, 'pump_mode', 'Значення має бути від 1 до 4'],
    [{ pump_mode: 5 }, 'pump_mode', 'Значення має бути від 1 до 4'],
    [
      { pump_mode: 2, heater_temp_set: 50 },
      'heater_temp_set',
      'За один запит можна змінити лише одну групу налаштувань',
    ],
  ])('rejects %j with 422 on %s and changes nothing', async (values, field, detail) => {
    const before = await stored(device())
    const res = await patch(device(), 'user', values)
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({ detail, source: { pointer: `/data/attributes/${field}` } })
    expect(await stored(device())).toEqual(before)
    expect(events).toEqual([])
  })

  it('refuses settings and registration data in one request: 422 for whoever may change both, 403 for the owner', async () => {
    const before = await stored(device())
    const mixed = await patch(device(), 'admin', { pump_mode: 2, name: 'X' })
    expect(mixed.statusCode).toBe(422)
    expect(firstError(mixed)).toMatchObject({
      detail: 'Налаштування пристрою змінюються окремо від його даних',
      source: { pointer: '/data/attributes/name' },
    })
    // A household owner may not change the registration at all: refused before the body is judged (ADR 033).
    expect((await patch(device(), 'user', { pump_mode: 2, name: 'X' })).statusCode).toBe(403)
    expect(await stored(device())).toEqual(before)
    expect(events).toEqual([])
  })

  it('checks one gas bound against the stored other bound', async () => {
    expect((await patch(device(), 'user', { gas_temp_min: 300 })).statusCode).toBe(200)
    const res = await patch(device(), 'user', { gas_temp_max: 200 })
    expect(res.statusCode).toBe(422)
    expect(firstError(res)?.source?.pointer).toBe('/data/attributes/gas_temp_max')
    expect((await stored(device())).gasTempMax).toBe(500)
  })

  it('coerces burner_mod "0"/"1" to a boolean and accepts a JSON:API document with its read-only members', async () => {
    const res = await patch(device(), 'user', {
      data: { type: 'items', id: String(device()), attributes: { burner_power_set: 50, burner_mod: '0' } },
    })
    expect(res.statusCode).toBe(200)
    expect((await stored(device())).burnerMod).toBe(false)
    // Read-only members are taken as they were read (a different one is a 403: json-api-read-only-members.test.ts).
    const read = (await get(`/api/v2/items/${device()}`, 'user')).json().data.attributes
    const flat = await patch(device(), 'user', {
      id: device(),
      type: 'items',
      created_at: read.created_at,
      updated_at: read.updated_at,
      links: { self: 'x' },
      serial_number: '100003',
      burner_power_set: 60,
      burner_mod: '1',
    })
    expect(flat.statusCode).toBe(200)
    expect(flat.json().data.attributes).toMatchObject({ burner_power_set: 60, burner_mod: true })
  })

  it('switches a reachable device on and off at once', async () => {
    const off = await patch(device(), 'user', { status: 'off' })
    expect(off.statusCode).toBe(200)
    expect(off.json().data.attributes).toMatchObject({ status: 'off', sync_status: 'pending' })
    expect(await stored(device())).toMatchObject({ status: 'off', powerSet: 'off' })
    expect(events.map((e) => e.name)).toEqual(['item.settings-changed', 'item.updated'])
    expect((await patch(device(), 'user', { status: 'on' })).json().data.attributes.status).toBe('on')
    expect((await stored(device())).powerSet).toBe('on')
  })

  it('keeps the wish of an offline device for its return, with the setpoints', async () => {
    await setState(device(), { status: 'connecting', powerSet: 'on' })
    const before = await stored(device())
    const res = await patch(device(), 'user', { status: 'off' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).toMatchObject({
      status: 'connecting',
      power_set: 'off',
      sync_status: 'pending',
    })
    const after = await stored(device())
    expect(after).toMatchObject({
      status: 'connecting',
      powerSet: 'off',
      settingsVersion: before.settingsVersion + 1,
    })
    expect(events.map((e) => e.name)).toEqual(['item.settings-changed', 'item.updated'])
    expect((await patch(device(), 'user', { pump_mode: 3 })).json().data.attributes).toMatchObject({
      pump_mode: 3,
      sync_status: 'pending',
      status: 'connecting',
    })
  })

  it('refuses the switch and the settings of an archived or pending device', async () => {
    await setState(device(), { status: 'archive' })
    const archived = await patch(device(), 'user', { status: 'on' })
    expect(archived.statusCode).toBe(422)
    expect(firstError(archived)).toMatchObject({
      detail: 'Пристрій заблоковано: увімкнути чи вимкнути його неможливо',
      source: { pointer: '/data/attributes/status' },
    })
    const setting = await patch(device(), 'user', { pump_mode: 2 })
    expect(firstError(setting)?.detail).toBe('Пристрій заблоковано: змінити його налаштування неможливо')
    expect((await stored(device())).status).toBe('archive')

    const pending = await patch(itemId['100002']!, 'admin', { heater_temp_set: 50, heater_hysteresis: 5 })
    expect(pending.statusCode).toBe(422)
    expect(firstError(pending)?.source?.pointer).toBe('/data/attributes/heater_temp_set')
    expect((await patch(itemId['100002']!, 'admin', { status: 'on' })).statusCode).toBe(422)
  })

  it('answers 422, never 500, for a body that is not an object', async () => {
    for (const payload of ['[]', '"on"', 'null']) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v2/items/${device()}`,
        headers: { ...bearer(token.user), 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode).toBe(422)
    }
  })

  it('is for the owner and admins: others get 404', async () => {
    expect((await patch(device(), 'otherUser', { pump_mode: 2 })).statusCode).toBe(404)
    expect((await patch(device(), 'creator', { pump_mode: 2 })).statusCode).toBe(404)
    expect((await patch(device(), 'admin', { pump_mode: 2 })).statusCode).toBe(200)
    expect((await patch(device(), 'otherUser', { pump_mode: 9 })).statusCode).toBe(404)
  })
})
