import { DEMO_ACCOUNTS, type RoleName } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { items, roles, userRoles, users } from '../src/db/schema.ts'
import { hashPassword } from '../src/lib/passwords.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from './helper.ts'

type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}
type ItemDoc = {
  data: {
    id: string
    type: string
    attributes: Record<string, unknown>
    relationships: Record<string, unknown>
  }
}

const account = (role: RoleName) => DEMO_ACCOUNTS.find((a) => a.role === role)!

let app: TestApp
const token: Record<'admin' | 'creator' | 'user' | 'otherUser' | 'otherCreator', string> = {
  admin: '',
  creator: '',
  user: '',
  otherUser: '',
  otherCreator: '',
}
const userId: Record<string, number> = {}
const itemId: Record<string, number> = {}
const events: { name: string; itemId: number }[] = []

async function addAccount(email: string, role: RoleName) {
  const [role_] = await app.db.select().from(roles).where(eq(roles.name, role))
  const [user] = await app.db
    .insert(users)
    .values({ name: email, email, passwordHash: await hashPassword('password-123') })
    .returning()
  await app.db.insert(userRoles).values({ userId: user!.id, roleId: role_!.id })
  return loginAs(app, email, 'password-123')
}

beforeAll(async () => {
  app = await build()
  for (const role of ['admin', 'creator', 'user'] as const) {
    token[role] = await loginAs(app, account(role).email, account(role).password)
    const [row] = await app.db
      .select()
      .from(users)
      .where(eq(users.email, account(role).email))
    userId[role] = row!.id
  }
  token.otherUser = await addAccount('other-user@teplo.test', 'user')
  token.otherCreator = await addAccount('other-creator@teplo.test', 'creator')
  for (const row of await app.db.select().from(items)) itemId[row.serialNumber] = row.id
  for (const name of ['item.settings-changed', 'item.updated', 'item.deleted'] as const) {
    app.events.on(name, (event: { itemId: number }) => events.push({ name, itemId: event.itemId }))
  }
})
afterAll(async () => {
  await app?.closeAll()
})
beforeEach(() => {
  events.length = 0
})

const get = (url: string, who: keyof typeof token) =>
  app.inject({ method: 'GET', url, headers: bearer(token[who]) })
const patch = (id: number, who: keyof typeof token, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v2/items/${id}`, headers: bearer(token[who]), payload })
const firstError = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors[0]
const stored = async (id: number) => (await app.db.select().from(items).where(eq(items.id, id)))[0]!
const setState = (id: number, values: Partial<typeof items.$inferInsert>) =>
  app.db.update(items).set(values).where(eq(items.id, id))

describe('GET /api/v2/items', () => {
  it('shows the demo user only their own device, 15 a page, never cached', async () => {
    const res = await get('/api/v2/items', 'user')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    expect(body.data.map((d: ItemDoc['data']) => d.attributes.serial_number)).toEqual(['100003'])
    expect(body.meta.page).toMatchObject({ perPage: 15, total: 1, currentPage: 1 })
  })

  it('lets an admin list another account with filter[user_id], by default only their own', async () => {
    const own = (await get('/api/v2/items', 'admin')).json()
    expect(own.data.map((d: ItemDoc['data']) => d.attributes.serial_number).sort()).toEqual([
      '100001',
      '100002',
    ])
    const theirs = await get(`/api/v2/items?filter[user_id]=${userId.user}`, 'admin')
    expect(theirs.json().data.map((d: ItemDoc['data']) => d.attributes.serial_number)).toEqual(['100003'])
  })

  it('refuses a non-admin naming another user (403) but not naming themself', async () => {
    expect((await get(`/api/v2/items?filter[user_id]=${userId.admin}`, 'user')).statusCode).toBe(403)
    expect((await get(`/api/v2/items?filter[user_id]=${userId.admin}`, 'creator')).statusCode).toBe(403)
    const self = await get(`/api/v2/items?filter[user_id]=${userId.user}`, 'user')
    expect(self.statusCode).toBe(200)
    expect(self.json().data).toHaveLength(1)
  })

  it('includes categories, filters by name, sorts and ignores a cache-busting parameter', async () => {
    const res = await get(
      `/api/v2/items?include=category&filter[name]=ДАЧ&sort=-name&_=${Date.now()}`,
      'admin',
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.data.map((d: ItemDoc['data']) => d.attributes.name)).toEqual(['Котел на дачі'])
    expect(body.data[0].relationships.category.data).toEqual({ type: 'categories', id: expect.any(String) })
    expect(body.included[0]).toMatchObject({ type: 'categories', attributes: { name: 'Пелетний котел' } })
    const sorted = (await get('/api/v2/items?sort=-serial_number&t=1', 'admin')).json()
    expect(sorted.data.map((d: ItemDoc['data']) => d.attributes.serial_number)).toEqual(['100002', '100001'])
  })

  it.each([
    ['sort=owner', 'sort'],
    ['include=user', 'include'],
    ['page[size]=101', 'page[size]'],
    ['filter[user_id]=abc', 'filter[user_id]'],
  ])('answers 400 for %s', async (query, parameter) => {
    const res = await get(`/api/v2/items?${query}`, 'admin')
    expect(res.statusCode).toBe(400)
    expect(firstError(res)?.source?.parameter).toBe(parameter)
  })

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v2/items' })).statusCode).toBe(401)
  })
})

describe('GET /api/v2/items/{id}', () => {
  it('answers every attribute of the owner’s device and none of the secrets', async () => {
    const res = await get(`/api/v2/items/${itemId['100003']}?include=category`, 'user')
    expect(res.statusCode).toBe(200)
    const { data, included } = res.json()
    expect(Object.keys(data.attributes).sort()).toEqual(
      [
        'name',
        'owner',
        'serial_number',
        'description',
        'excerpt',
        'status',
        'is_on_homepage',
        'verification_token',
        'sync_status',
        'sync_reason',
        'burner_mod',
        'heater_temp',
        'heater_temp_set',
        'heater_hysteresis',
        'boiler_temp',
        'boiler_temp_set',
        'boiler_hysteresis',
        'gas_temp',
        'gas_temp_min',
        'gas_temp_max',
        'burner_power',
        'burner_power_set',
        'flame_brightness',
        'pump_mode',
        'work_mode',
        'image',
        'power_set',
        'created_at',
        'updated_at',
        'last_seen_at',
      ].sort(),
    )
    expect(data.links.self).toBe(`/api/v2/items/${itemId['100003']}`)
    expect(included).toHaveLength(1)
    expect(res.body).not.toMatch(/secret|verify_failures|locked/)
  })

  it('hides other people’s devices as missing (404), but not from an admin', async () => {
    for (const who of ['user', 'creator', 'otherUser'] as const) {
      const res = await get(`/api/v2/items/${itemId['100001']}`, who)
      expect(res.statusCode).toBe(404)
      expect(firstError(res)?.detail).toBe('Пристрій не знайдено')
    }
    expect((await get(`/api/v2/items/${itemId['100003']}`, 'admin')).statusCode).toBe(200)
    expect((await get('/api/v2/items/999999', 'admin')).statusCode).toBe(404)
    expect((await get('/api/v2/items/abc', 'admin')).statusCode).toBe(400)
    expect((await get('/api/v2/items/99999999999', 'admin')).statusCode).toBe(400)
  })

  it('shows the verification code only while the device is pending', async () => {
    const pending = (await get(`/api/v2/items/${itemId['100002']}`, 'admin')).json()
    expect(pending.data.attributes.verification_token).toMatch(/^[A-Z2-9]{4}$/)
    const connected = (await get(`/api/v2/items/${itemId['100001']}`, 'admin')).json()
    expect(connected.data.attributes.verification_token).toBeNull()
  })

  it('answers the owning account at /user with the same access rule', async () => {
    const res = await get(`/api/v2/items/${itemId['100003']}/user`, 'admin')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ type: 'users', id: String(userId.user) })
    expect(res.json().data.attributes.email).toBe(account('user').email)
    expect((await get(`/api/v2/items/${itemId['100003']}/user`, 'otherUser')).statusCode).toBe(404)
  })
})

describe('POST /api/v2/items', () => {
  const create = (who: keyof typeof token, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v2/items', headers: bearer(token[who]), payload })

  it('registers a pending device of the caller with a fresh code in meta', async () => {
    const res = await create('creator', {
      data: {
        type: 'items',
        attributes: {
          name: 'Новий котел',
          owner: 'Іван',
          serial_number: 200001,
          description: 'Одеса',
          status: 'on',
          is_on_homepage: true,
        },
        relationships: { category: { data: { type: 'categories', id: '2' } } },
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toContain(JSON_API)
    const body = res.json()
    expect(body.meta.verification_token).toMatch(/^[A-Z2-9]{4}$/)
    expect(body.data.attributes).toMatchObject({
      status: 'pending',
      is_on_homepage: false,
      excerpt: 'Одеса',
      serial_number: '200001',
      verification_token: body.meta.verification_token,
    })
    const row = await stored(Number(body.data.id))
    expect(row.userId).toBe(userId.creator)
    expect(row.verificationToken).toBe(body.meta.verification_token)
    expect(row.categoryId).toBe(2)
  })

  it('reads a taken serial number as a 422 on serial_number', async () => {
    const res = await create('admin', { name: 'X', owner: 'Y', serial_number: '100003', category_id: 1 })
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({
      detail: 'Пристрій з таким серійним номером вже існує',
      source: { pointer: '/data/attributes/serial_number' },
    })
  })

  it.each([
    [{ owner: 'Y', serial_number: '300001' }, 'category_id', 'Будь ласка, виберіть тип пристрою'],
    [
      { owner: 'Y', serial_number: '300001', category_id: 999 },
      'category_id',
      'Будь ласка, виберіть тип пристрою',
    ],
    [
      { owner: 'Y', serial_number: 0, category_id: 1 },
      'serial_number',
      'Будь ласка, введіть коректний Serial Number',
    ],
  ])('answers 422 for %j', async (payload, field, detail) => {
    const res = await create('admin', payload)
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({ detail, source: { pointer: `/data/attributes/${field}` } })
  })

  it('is for admins and creators only', async () => {
    const payload = { owner: 'Y', serial_number: '300002', category_id: 1 }
    expect((await create('user', payload)).statusCode).toBe(403)
    expect((await app.inject({ method: 'POST', url: '/api/v2/items', payload })).statusCode).toBe(401)
  })
})

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
    [{ pump_mode: 2, name: 'X' }, 'name', 'Налаштування пристрою змінюються окремо від його даних'],
  ])('rejects %j with 422 on %s and changes nothing', async (values, field, detail) => {
    const before = await stored(device())
    const res = await patch(device(), 'user', values)
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({ detail, source: { pointer: `/data/attributes/${field}` } })
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
    const flat = await patch(device(), 'user', {
      id: device(),
      type: 'items',
      created_at: '2020-01-01 00:00:00',
      updated_at: '2020-01-01 00:00:00',
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

describe('PATCH /api/v2/items/{id}: management fields', () => {
  const creatorDevice = () => itemId['100004']!
  beforeEach(async () => {
    await setState(creatorDevice(), { status: 'on', userId: userId.creator, deviceSecretHash: 'x' })
  })

  it('lets a creator edit their own device and keeps excerpt with the description', async () => {
    const res = await patch(creatorDevice(), 'creator', {
      name: 'Стенд 2',
      owner: 'Петро',
      description: 'Вінниця, склад 2',
      category_id: '3',
      is_on_homepage: true,
      status: 'on',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).toMatchObject({
      name: 'Стенд 2',
      owner: 'Петро',
      description: 'Вінниця, склад 2',
      excerpt: 'Вінниця, склад 2',
      is_on_homepage: true,
      status: 'on',
    })
    expect(res.json().data.relationships.category.data.id).toBe('3')
    expect(events).toEqual([{ name: 'item.updated', itemId: creatorDevice() }])
  })

  it('refuses a plain owner (403), another creator (404), and lets an admin edit any device', async () => {
    expect((await patch(itemId['100003']!, 'user', { name: 'Моє' })).statusCode).toBe(403)
    expect((await patch(creatorDevice(), 'otherCreator', { name: 'Чуже' })).statusCode).toBe(404)
    const res = await patch(itemId['100003']!, 'admin', { name: 'Котел Власника' })
    expect(res.statusCode).toBe(200)
    expect((await stored(itemId['100003']!)).name).toBe('Котел Власника')
  })

  it.each([
    [{ serial_number: '999999' }, 'serial_number', 'Серійний номер пристрою змінити не можна'],
    [{ category_id: 999 }, 'category_id', 'Будь ласка, виберіть тип пристрою'],
    [{ name: '   ' }, 'name', 'Введіть назву пристрою'],
    [{ status: 'connecting' }, 'status', "Стан з'єднання визначає сам пристрій"],
    [{ status: 'pending' }, 'status', 'Повторне підтвердження пристрою не підтримується'],
    [{ status: 'broken' }, 'status', 'Невідомий статус пристрою'],
    [{ heater_temp: 20, name: 'A' }, 'heater_temp', 'Це поле не можна змінити'],
    [{ sync_status: 'synced' }, 'sync_status', 'Це поле не можна змінити'],
  ])('answers 422 for %j', async (values, field, detail) => {
    const res = await patch(creatorDevice(), 'creator', values)
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({ detail, source: { pointer: `/data/attributes/${field}` } })
  })

  it('accepts the unchanged serial number', async () => {
    const res = await patch(creatorDevice(), 'creator', { serial_number: '100004', name: 'Стенд' })
    expect(res.statusCode).toBe(200)
  })

  it('archives a device and brings it back as waiting for its controller (or its code)', async () => {
    const archived = await patch(creatorDevice(), 'creator', { status: 'archive' })
    expect(archived.json().data.attributes.status).toBe('archive')
    expect(events).toEqual([{ name: 'item.updated', itemId: creatorDevice() }])
    const restored = await patch(creatorDevice(), 'creator', { status: 'on' })
    expect(restored.json().data.attributes.status).toBe('connecting')
    // A device that never proved its code goes back to waiting for it.
    await setState(creatorDevice(), { status: 'archive', deviceSecretHash: null, verificationToken: 'AB23' })
    const unverified = await patch(creatorDevice(), 'creator', { name: 'Стенд', status: 'connecting' })
    expect(unverified.json().data.attributes).toMatchObject({ status: 'pending', verification_token: 'AB23' })
  })

  it('lets only an admin hand a device to another account', async () => {
    const denied = await patch(creatorDevice(), 'creator', { user_id: userId.user })
    expect(denied.statusCode).toBe(403)
    const missing = await patch(creatorDevice(), 'admin', { user_id: 999999 })
    expect(firstError(missing)?.source?.pointer).toBe('/data/attributes/user_id')
    const moved = await patch(creatorDevice(), 'admin', { user_id: userId.user })
    expect(moved.statusCode).toBe(200)
    expect((await stored(creatorDevice())).userId).toBe(userId.user)
    expect((await get(`/api/v2/items/${creatorDevice()}`, 'user')).statusCode).toBe(200)
    expect((await get(`/api/v2/items/${creatorDevice()}`, 'creator')).statusCode).toBe(404)
  })
})

describe('DELETE /api/v2/items/{id}', () => {
  const del = (id: number, who: keyof typeof token) =>
    app.inject({ method: 'DELETE', url: `/api/v2/items/${id}`, headers: bearer(token[who]) })
  const newDevice = async (who: 'admin' | 'creator', serial: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(token[who]),
      payload: { owner: 'X', serial_number: serial, category_id: 1 },
    })
    return Number(res.json().data.id)
  }

  it('lets a creator delete their own device and announces it', async () => {
    const id = await newDevice('creator', '400001')
    events.length = 0
    const res = await del(id, 'creator')
    expect(res.statusCode).toBe(204)
    expect(events).toEqual([{ name: 'item.deleted', itemId: id }])
    const gone = await del(id, 'creator')
    expect(gone.statusCode).toBe(404)
    expect(firstError(gone)?.detail).toBe('Пристрій не знайдено')
  })

  it('refuses a plain owner (403) and another creator (404); an admin deletes any', async () => {
    const id = await newDevice('creator', '400002')
    expect((await del(itemId['100003']!, 'user')).statusCode).toBe(403)
    expect((await del(id, 'otherCreator')).statusCode).toBe(404)
    expect((await del(id, 'admin')).statusCode).toBe(204)
    expect(await app.db.select().from(items).where(eq(items.id, id))).toEqual([])
  })
})
