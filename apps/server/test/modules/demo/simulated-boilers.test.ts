import { readFileSync } from 'node:fs'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items, users } from '../../../src/db/schema.ts'
import { issueDemoCredentials } from '../../../src/modules/demo/demo-devices.service.ts'
import { bearer } from '../../support/helper.ts'
import {
  app,
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

// Demo boilers are marked on the item (`items.simulated`, ADR 053), not recognised by their owner's e-mail.
useItemsFixture()

const attributesOf = async (serial: string, who: keyof typeof token = 'admin') =>
  (await get(`/api/v2/items/${itemId[serial]}`, who)).json<ItemDoc>().data.attributes

async function historyIsDemo(id: number): Promise<boolean> {
  const to = new Date()
  const from = new Date(to.getTime() - 3_600_000)
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/items/${id}/history?from=${from.toISOString()}&to=${to.toISOString()}`,
    headers: bearer(token.admin),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.attributes.demo
}

async function newDevice(serial: string, extra: object = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/items',
    headers: bearer(token.admin),
    payload: { serial_number: serial, category_id: '1', owner: 'Олена', ...extra },
  })
  expect(res.statusCode, res.body).toBe(201)
  const id = Number(res.json<ItemDoc>().data.id)
  itemId[serial] = id
  return res.json<ItemDoc>()
}

describe('simulated boilers', () => {
  it('the demo seed marks its verified boilers simulated, the pending one not, and the item says so', async () => {
    for (const serial of ['100001', '100003', '100004'])
      expect((await stored(itemId[serial]!)).simulated).toBe(true)
    expect((await stored(itemId['100002']!)).simulated).toBe(false)
    expect(await attributesOf('100001')).toMatchObject({ simulated: true })
    expect(await attributesOf('100003', 'user')).toMatchObject({ simulated: true })
    expect(await attributesOf('100002')).toMatchObject({ simulated: false })
    const list = (await get('/api/v2/items', 'user')).json<{ data: ItemDoc['data'][] }>().data
    expect(list.map((item) => item.attributes.simulated)).toEqual([true])
  })

  it('a new device is never simulated, whatever its body says', async () => {
    const created = await newDevice('300101', { simulated: true })
    expect(created.data.attributes.simulated).toBe(false)
    expect((await stored(itemId['300101']!)).simulated).toBe(false)
  })

  it('refuses a PATCH that changes the flag, naming the member (a read-only member: 403, ADR 050)', async () => {
    const res = await patch(itemId['100001']!, 'admin', { name: 'Котел вдома', simulated: false })
    expect(res.statusCode).toBe(403)
    expect(firstError(res)).toMatchObject({
      detail: 'simulated лише для читання: його не можна змінити',
      source: { pointer: '/data/attributes/simulated' },
    })
    expect((await stored(itemId['100001']!)).simulated).toBe(true)
  })

  it('the history calls a boiler demo data by its flag, not by its serial or its owner', async () => {
    const demo = itemId['100004']!
    const real = itemId['300101']!
    expect(await historyIsDemo(demo)).toBe(true)
    expect(await historyIsDemo(real)).toBe(false)
    await setState(demo, { simulated: false })
    await setState(real, { simulated: true })
    try {
      expect(await historyIsDemo(demo)).toBe(false)
      expect(await historyIsDemo(real)).toBe(true)
    } finally {
      await setState(demo, { simulated: true })
      await setState(real, { simulated: false })
    }
  })

  it('the in-process simulator drives the flagged boilers only, and one handed to another account stays one', async () => {
    const moved = await patch(itemId['100004']!, 'admin', { user_id: String(userId.user) })
    expect(moved.statusCode).toBe(200)
    expect(moved.json<ItemDoc>().data.attributes.simulated).toBe(true)
    const driven = await issueDemoCredentials(app.db)
    expect(driven.map((device) => device.serial)).toEqual(['100001', '100003', '100004'])
    // Archived: no longer on the link, so not driven either.
    await setState(itemId['100003']!, { status: 'archive' })
    try {
      expect((await issueDemoCredentials(app.db)).map((device) => device.serial)).toEqual([
        '100001',
        '100004',
      ])
    } finally {
      await setState(itemId['100003']!, { status: 'connecting' })
    }
  })

  it('a controller that proves a pairing code for a demo boiler makes it a real one', async () => {
    const id = itemId['100001']!
    const code = await app.inject({
      method: 'POST',
      url: `/api/v2/items/${id}/pairing-code`,
      headers: bearer(token.admin),
    })
    expect(code.statusCode).toBe(200)
    // Still simulated while the new code waits for a controller.
    expect((await stored(id)).simulated).toBe(true)
    const verified = await app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      payload: { serial_number: '100001', token: code.json().meta.verification_token },
      remoteAddress: '10.97.0.1',
    })
    expect(verified.statusCode).toBe(200)
    expect((await stored(id)).simulated).toBe(false)
    expect(await attributesOf('100001')).toMatchObject({ simulated: false })
    expect(await historyIsDemo(id)).toBe(false)
    expect((await issueDemoCredentials(app.db)).map((device) => device.serial)).not.toContain('100001')
  })
})

describe('migration 0021', () => {
  it('marks the demo boilers of a database seeded before the flag by the rule used until then', async () => {
    const demoSerials = ['100001', '100002', '100003', '100004']
    // As before the flag: nothing marked (100004 was handed to the demo owner above, still a demo account).
    await app.db.update(items).set({ simulated: false })
    const [stranger] = await app.db
      .insert(users)
      .values({ name: 'Сторонній', email: 'stranger@teplo.test', passwordHash: 'x' })
      .returning()
    // A demo serial held by an account that is not a demo one stays real.
    await app.db.update(items).set({ userId: stranger!.id }).where(eq(items.id, itemId['100003']!))
    const file = new URL('../../../drizzle/0021_simulated_boilers.sql', import.meta.url)
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint')
    expect(statements[0]).toMatch(/ADD COLUMN "simulated" boolean DEFAULT false NOT NULL/)
    for (const statement of statements.slice(1)) await app.db.execute(sql.raw(statement))
    const rows = await app.db
      .select({ serial: items.serialNumber, simulated: items.simulated })
      .from(items)
      .where(inArray(items.serialNumber, [...demoSerials, '300101']))
      .orderBy(items.serialNumber)
    expect(rows).toEqual([
      { serial: '100001', simulated: true },
      { serial: '100002', simulated: false },
      { serial: '100003', simulated: false },
      { serial: '100004', simulated: true },
      { serial: '300101', simulated: false },
    ])
  })
})
