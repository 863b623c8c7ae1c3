import { DEMO_ACCOUNTS, type RoleName } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemErrors, items } from '../../../src/db/schema.ts'
import { recordItemError } from '../../../src/modules/item-errors/item-errors.service.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'

type ErrorDoc = { errors: { status: string; detail: string; source?: { parameter?: string } }[] }
type ErrorResource = { id: string; attributes: Record<string, unknown> }

const account = (role: RoleName) => DEMO_ACCOUNTS.find((a) => a.role === role)!

let app: TestApp
const token: Record<RoleName, string> = { admin: '', creator: '', user: '' }
let userDevice: number
let adminDevice: number
const errorId: Record<string, number> = {}

beforeAll(async () => {
  app = await build()
  for (const role of ['admin', 'creator', 'user'] as const) {
    token[role] = await loginAs(app, account(role).email, account(role).password)
  }
  const rows = await app.db.select().from(items)
  userDevice = rows.find((r) => r.serialNumber === '100003')!.id
  adminDevice = rows.find((r) => r.serialNumber === '100001')!.id
  const inserted = await app.db
    .insert(itemErrors)
    .values([
      {
        itemId: userDevice,
        errorCode: 'E1',
        errorTime: new Date('2025-01-10T08:00:00Z'),
        modeStatus: 1,
        heaterTemp: 41.5,
        boilerTemp: 38,
        gasTemp: 95,
        burnerPower: 0,
      },
      {
        itemId: userDevice,
        errorCode: 'E3',
        errorTime: new Date('2025-01-12T09:30:00Z'),
        modeStatus: 3,
        heaterTemp: 91,
        boilerTemp: null,
        gasTemp: 180,
        burnerPower: 60,
      },
      { itemId: userDevice, errorCode: 'E8', errorTime: new Date('2025-01-11T00:00:00Z'), modeStatus: 2 },
      { itemId: adminDevice, errorCode: 'E9', errorTime: new Date('2025-01-11T00:00:00Z'), modeStatus: 0 },
    ])
    .returning()
  for (const row of inserted)
    errorId[`${row.itemId === userDevice ? 'user' : 'admin'}:${row.errorCode}`] = row.id
})
afterAll(async () => {
  await app?.closeAll()
})

const list = (query: string, who: RoleName) =>
  app.inject({ method: 'GET', url: `/api/v2/item-errors?${query}`, headers: bearer(token[who]) })
const archive = (id: number, who: RoleName) =>
  app.inject({ method: 'POST', url: `/api/v2/item-errors/${id}/archive`, headers: bearer(token[who]) })
const codes = (res: { json: () => { data: ErrorResource[] } }) =>
  res.json().data.map((d) => d.attributes.error_code)

describe('GET /api/v2/item-errors', () => {
  it('lists a device’s errors newest first with the device values at that moment', async () => {
    const res = await list(`item_id=${userDevice}`, 'user')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(codes(res)).toEqual(['E3', 'E8', 'E1'])
    expect(res.json().data[0]).toMatchObject({
      type: 'item-errors',
      id: String(errorId['user:E3']),
      attributes: {
        error_code: 'E3',
        error_time: '2025-01-12 09:30:00',
        mode_status: 3,
        device: {
          name: 'Мій котел',
          temperatures: { kotla: 91, boilera: null, gas: 180 },
          power: { palnika: 60 },
        },
      },
    })
    expect(res.json().meta.page).toMatchObject({ perPage: 50, total: 3 })
    // There is no route for one error, so no self link may point at one.
    expect(res.json().data[0].links).toBeUndefined()
  })

  it('pages when asked', async () => {
    const res = await list(`item_id=${userDevice}&page[size]=1&page[number]=2`, 'user')
    expect(codes(res)).toEqual(['E8'])
    expect(res.json().meta.page).toMatchObject({ currentPage: 2, lastPage: 3, total: 3 })
    expect((await list(`item_id=${userDevice}&page[size]=101`, 'user')).statusCode).toBe(400)
  })

  it('shows only devices the caller may see: an admin any, others their own', async () => {
    expect(codes(await list(`item_id=${userDevice}`, 'admin'))).toEqual(['E3', 'E8', 'E1'])
    for (const [id, who] of [
      [adminDevice, 'user'],
      [userDevice, 'creator'],
    ] as const) {
      const res = await list(`item_id=${id}`, who)
      expect(res.statusCode).toBe(404)
      expect((res.json() as ErrorDoc).errors[0]?.detail).toBe('Пристрій не знайдено')
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/v2/item-errors?item_id=${userDevice}` })).statusCode,
    ).toBe(401)
  })

  it.each(['', 'item_id=', 'item_id=abc', 'item_id=0', 'item_id=99999999999'])(
    'answers 400 on item_id for "%s"',
    async (query) => {
      const res = await list(query, 'user')
      expect(res.statusCode).toBe(400)
      expect((res.json() as ErrorDoc).errors[0]?.source?.parameter).toBe('item_id')
    },
  )
})

describe('POST /api/v2/item-errors/{id}/archive', () => {
  it('hides the error from the list and keeps the row', async () => {
    const id = errorId['user:E8']!
    const res = await archive(id, 'user')
    expect(res.statusCode).toBe(204)
    expect(codes(await list(`item_id=${userDevice}`, 'user'))).toEqual(['E3', 'E1'])
    const [row] = await app.db.select().from(itemErrors).where(eq(itemErrors.id, id))
    expect(row?.archivedAt).toBeInstanceOf(Date)
    // Archiving again is harmless and keeps the first time.
    expect((await archive(id, 'user')).statusCode).toBe(204)
    const [again] = await app.db.select().from(itemErrors).where(eq(itemErrors.id, id))
    expect(again?.archivedAt).toEqual(row?.archivedAt)
  })

  it('answers 404 for someone else’s error or a missing one; an admin may archive any', async () => {
    const adminError = errorId['admin:E9']!
    expect((await archive(adminError, 'user')).statusCode).toBe(404)
    expect((await archive(999999, 'user')).statusCode).toBe(404)
    expect((await archive(errorId['user:E1']!, 'creator')).statusCode).toBe(404)
    const [row] = await app.db.select().from(itemErrors).where(eq(itemErrors.id, adminError))
    expect(row?.archivedAt).toBeNull()
    expect((await archive(errorId['user:E1']!, 'admin')).statusCode).toBe(204)
    expect(codes(await list(`item_id=${userDevice}`, 'user'))).toEqual(['E3'])
  })
})

describe('recordItemError', () => {
  it('stores an error event the device link reports, shown first when newest', async () => {
    const row = await recordItemError(app.db, userDevice, {
      error_code: 'E5',
      error_time: new Date('2025-02-01T12:00:00Z'),
      mode_status: 1,
      heater_temp: 70,
      boiler_temp: 45,
      gas_temp: 210,
      burner_power: 30,
      event_id: 'boot-1:17',
    })
    expect(row?.id).toBeGreaterThan(0)
    const res = await list(`item_id=${userDevice}`, 'user')
    expect(res.json().data[0].attributes).toMatchObject({
      error_code: 'E5',
      error_time: '2025-02-01 12:00:00',
      device: { temperatures: { kotla: 70, boilera: 45, gas: 210 }, power: { palnika: 30 } },
    })
  })

  it('stores a redelivered event once', async () => {
    const event = {
      error_code: 'E2',
      error_time: new Date('2025-02-02T12:00:00Z'),
      mode_status: 1,
      heater_temp: null,
      boiler_temp: null,
      gas_temp: null,
      burner_power: null,
      event_id: 'boot-1:18',
    }
    expect(await recordItemError(app.db, userDevice, event)).not.toBeNull()
    expect(await recordItemError(app.db, userDevice, event)).toBeNull()
    const rows = await app.db.select().from(itemErrors).where(eq(itemErrors.eventId, 'boot-1:18'))
    expect(rows).toHaveLength(1)
  })
})
