import { DEMO_ADMIN } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { items } from '../src/db/schema.ts'
import { sha256 } from '../src/lib/secrets.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from './helper.ts'

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }

let app: TestApp
let adminToken: string
const events: { name: string; itemId: number }[] = []
let nextSerial = 500000
let nextAddress = 1

beforeAll(async () => {
  app = await build()
  adminToken = await loginAs(app, DEMO_ADMIN.email, DEMO_ADMIN.password)
  for (const name of ['item.verified', 'item.updated'] as const) {
    app.events.on(name, (event: { itemId: number }) => events.push({ name, itemId: event.itemId }))
  }
})
afterAll(async () => {
  await app?.closeAll()
})
beforeEach(() => {
  events.length = 0
})

// Each test speaks from its own address so that the per-address limit only bites where it is tested.
function controller() {
  const remoteAddress = `10.0.0.${nextAddress++}`
  return {
    verify: (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v2/items/verify', payload, remoteAddress }),
    verifyToken: (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v2/items/verify-token', payload, remoteAddress }),
  }
}

async function newPendingDevice() {
  const serial = String(nextSerial++)
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/items',
    headers: bearer(adminToken),
    payload: { owner: 'Адмін', serial_number: serial, category_id: 1 },
  })
  const body = res.json()
  events.length = 0
  return { id: Number(body.data.id), serial, code: body.meta.verification_token as string }
}

const stored = async (id: number) => (await app.db.select().from(items).where(eq(items.id, id)))[0]!
const wrongCode = (code: string) => (code === 'ZZZZ' ? 'YYYY' : 'ZZZZ')
const detail = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors[0]?.detail

describe('POST /api/v2/items/verify', () => {
  it('tells a controller whether its serial awaits a code, without signing in', async () => {
    const device = await newPendingDevice()
    const { verify } = controller()
    const pending = await verify({ serial_number: device.serial })
    expect(pending.statusCode).toBe(200)
    expect(pending.headers['content-type']).toContain(JSON_API)
    expect(pending.json().meta).toEqual({ serial_number: device.serial, status: 'pending' })
    expect((await verify({ serial_number: '100001' })).json().meta.status).toBe('verified')
    expect(pending.body).not.toContain(device.code)
  })

  it('answers 404 for an unknown serial and 422 for a malformed one', async () => {
    const { verify } = controller()
    expect((await verify({ serial_number: '987654321' })).statusCode).toBe(404)
    const bad = await verify({ serial_number: 'abc' })
    expect(bad.statusCode).toBe(422)
    expect((bad.json() as ErrorDoc).errors[0]?.source?.pointer).toBe('/data/attributes/serial_number')
  })
})

describe('POST /api/v2/items/verify-token', () => {
  it('answers link credentials for the right code (any case) and stores only the secret’s hash', async () => {
    const device = await newPendingDevice()
    const { verifyToken } = controller()
    const res = await verifyToken({ serial_number: device.serial, token: device.code.toLowerCase() })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(res.headers['cache-control']).toBe('no-store')
    const { data } = res.json()
    expect(data).toMatchObject({
      type: 'device-credentials',
      id: device.serial,
      attributes: { username: device.serial, topic_prefix: `teplo/v1/devices/${device.serial}` },
    })
    expect(data.attributes.password).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const row = await stored(device.id)
    expect(row).toMatchObject({ status: 'connecting', verificationToken: null, verifyFailures: 0 })
    expect(row.deviceSecretHash).toBe(sha256(data.attributes.password))
    expect(JSON.stringify(row)).not.toContain(data.attributes.password)
    expect(events).toEqual([
      { name: 'item.verified', itemId: device.id },
      { name: 'item.updated', itemId: device.id },
    ])
    // The code is spent: the owner no longer sees one.
    const item = await app.inject({
      method: 'GET',
      url: `/api/v2/items/${device.id}`,
      headers: bearer(adminToken),
    })
    expect(item.json().data.attributes.verification_token).toBeNull()
  })

  it('refuses a device that is already verified, changing nothing', async () => {
    const device = await newPendingDevice()
    const { verifyToken } = controller()
    await verifyToken({ serial_number: device.serial, token: device.code })
    const before = await stored(device.id)
    const again = await verifyToken({ serial_number: device.serial, token: device.code })
    expect(again.statusCode).toBe(409)
    expect(detail(again)).toBe('Пристрій уже підтверджено')
    expect(await stored(device.id)).toEqual(before)
  })

  it('refuses an archived device that never proved its code', async () => {
    const device = await newPendingDevice()
    await app.db.update(items).set({ status: 'archive' }).where(eq(items.id, device.id))
    const { verify, verifyToken } = controller()
    expect((await verify({ serial_number: device.serial })).json().meta.status).toBe('archived')
    const res = await verifyToken({ serial_number: device.serial, token: device.code })
    expect(res.statusCode).toBe(409)
    expect(detail(res)).toBe('Пристрій заблоковано: підтвердження неможливе')
    expect((await stored(device.id)).deviceSecretHash).toBeNull()
  })

  it('answers 422 on token for a wrong code and changes nothing but the failure counter', async () => {
    const device = await newPendingDevice()
    const before = await stored(device.id)
    const res = await controller().verifyToken({
      serial_number: device.serial,
      token: wrongCode(device.code),
    })
    expect(res.statusCode).toBe(422)
    expect((res.json() as ErrorDoc).errors[0]).toMatchObject({
      detail: 'Невірний код підтвердження. Залишилось спроб: 4.',
      source: { pointer: '/data/attributes/token' },
    })
    expect(await stored(device.id)).toEqual({ ...before, verifyFailures: 1 })
    expect(events).toEqual([])
  })

  it('locks the serial for 15 minutes after 5 wrong codes, even against the right one', async () => {
    const device = await newPendingDevice()
    const { verifyToken } = controller()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await verifyToken({ serial_number: device.serial, token: wrongCode(device.code) })).statusCode,
      )
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422])
    const row = await stored(device.id)
    const lockMs = row.verifyLockedUntil!.getTime() - Date.now()
    expect(lockMs).toBeGreaterThan(14 * 60_000)
    expect(lockMs).toBeLessThanOrEqual(15 * 60_000)

    const locked = await controller().verifyToken({ serial_number: device.serial, token: device.code })
    expect(locked.statusCode).toBe(429)
    expect(detail(locked)).toBe('Забагато невдалих спроб. Спробуйте знову через 15 хв.')
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect((await stored(device.id)).status).toBe('pending')
    expect(
      (await controller().verify({ serial_number: device.serial })).json().meta.locked_until,
    ).toBeTruthy()

    // Once the lock has passed, the right code works and clears the counters.
    await app.db
      .update(items)
      .set({ verifyLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(items.id, device.id))
    const ok = await verifyToken({ serial_number: device.serial, token: device.code })
    expect(ok.statusCode).toBe(200)
    expect(await stored(device.id)).toMatchObject({ verifyFailures: 0, verifyLockedUntil: null })
  })

  it('resets the failure counter on success', async () => {
    const device = await newPendingDevice()
    const { verifyToken } = controller()
    await verifyToken({ serial_number: device.serial, token: wrongCode(device.code) })
    await verifyToken({ serial_number: device.serial, token: wrongCode(device.code) })
    expect((await stored(device.id)).verifyFailures).toBe(2)
    expect((await verifyToken({ serial_number: device.serial, token: device.code })).statusCode).toBe(200)
    expect((await stored(device.id)).verifyFailures).toBe(0)
  })

  it('answers 404 for an unknown serial and 422 for a missing code', async () => {
    const { verifyToken } = controller()
    expect((await verifyToken({ serial_number: '987654321', token: 'ABCD' })).statusCode).toBe(404)
    const missing = await verifyToken({ serial_number: '100002' })
    expect(missing.statusCode).toBe(422)
    expect((missing.json() as ErrorDoc).errors[0]?.source?.pointer).toBe('/data/attributes/token')
  })

  it('limits each address to 20 attempts a minute', async () => {
    const { verifyToken } = controller()
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      statuses.push((await verifyToken({ serial_number: '987654321', token: 'ABCD' })).statusCode)
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})
