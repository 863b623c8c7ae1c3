import { settingEntries } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { bearer, JSON_API } from '../../support/helper.ts'
import {
  account,
  app,
  events,
  firstError,
  get,
  type ItemDoc,
  itemId,
  patch,
  setState,
  stored,
  token,
  useItemsFixture,
  userId,
} from '../../support/items-fixture.ts'

useItemsFixture()

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

  it('counts the whole list on every page, also past its end, and matches % and _ literally', async () => {
    const serials = (body: { data: ItemDoc['data'][] }) => body.data.map((d) => d.attributes.serial_number)
    const all = (await get('/api/v2/items?filter[scope]=all&page[size]=2&sort=serial_number', 'admin')).json()
    const total = all.meta.page.total as number
    expect(total).toBeGreaterThanOrEqual(3)
    expect(serials(all)).toEqual(['100001', '100002'])
    const second = (
      await get('/api/v2/items?filter[scope]=all&page[size]=2&page[number]=2&sort=serial_number', 'admin')
    ).json()
    expect(serials(second)[0]).toBe('100003')
    expect(second.meta.page).toMatchObject({ currentPage: 2, total, from: 3 })
    const past = (await get('/api/v2/items?filter[scope]=all&page[size]=2&page[number]=99', 'admin')).json()
    expect(past.data).toEqual([])
    expect(past.meta.page.total).toBe(total)
    const named = (await get('/api/v2/items?filter[scope]=all&filter[name]=%25', 'admin')).json()
    expect(named.data).toEqual([])
    expect(named.meta.page.total).toBe(0)
    // Another account's list: only what it holds, with the administrator's access.
    const theirs = (await get(`/api/v2/items?filter[user_id]=${userId.user}&page[number]=5`, 'admin')).json()
    expect(theirs.data).toEqual([])
    expect(theirs.meta.page.total).toBe(1)
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
        'simulated',
        'verification_token',
        'sync_status',
        'sync_reason',
        'settings_version',
        'applied_version',
        'reported_settings',
        'reported_at',
        'device_link',
        'unsupported_settings',
        'firmware_version',
        // Every setting of the registry is an attribute (its desired value).
        ...settingEntries().map(([name]) => name),
        'heater_temp',
        'boiler_temp',
        'gas_temp',
        'burner_power',
        'flame_brightness',
        'work_mode',
        'schedule_period',
        'image',
        'power_set',
        'created_at',
        'updated_at',
        'last_seen_at',
        'access',
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
      'Будь ласка, введіть коректний серійний номер',
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
  ])('answers 422 for %j', async (values, field, detail) => {
    const res = await patch(creatorDevice(), 'creator', values)
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({ detail, source: { pointer: `/data/attributes/${field}` } })
  })

  // A reading or the sync status differing from the stored one: read-only members (ADR 050).
  it.each([
    [{ heater_temp: -40, name: 'A' }, 'heater_temp'],
    [{ sync_status: 'refused' }, 'sync_status'],
  ])('answers 403 for %j', async (values, field) => {
    const res = await patch(creatorDevice(), 'creator', values)
    expect(res.statusCode).toBe(403)
    expect(firstError(res)).toMatchObject({
      detail: `${field} лише для читання: його не можна змінити`,
      source: { pointer: `/data/attributes/${field}` },
    })
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
    expect((await get(`/api/v2/items/${creatorDevice()}`, 'user')).json().data.attributes.access).toBe(
      'owner',
    )
    // The installer who held it keeps nothing (ADR 033): the new owner invites them back if they want.
    expect((await get(`/api/v2/items/${creatorDevice()}`, 'creator')).statusCode).toBe(404)
    expect((await get(`/api/v2/items/${creatorDevice()}`, 'otherCreator')).statusCode).toBe(404)
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
