import { DEMO_ADMIN } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { sha256 } from '../../../src/lib/secrets.ts'
import {
  CREDENTIALS_REFETCH_MINUTES,
  VERIFY_DEVICE_MAX_FAILURES,
} from '../../../src/modules/items/item-verification.service.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'

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
    expect(pending.body).not.toContain(device.code)
  })

  it('answers verified, archived and unknown serials alike, so strangers learn nothing', async () => {
    const { verify } = controller()
    const answers = await Promise.all(
      ['100001', '987654321'].map(async (serial) => (await verify({ serial_number: serial })).json()),
    )
    expect(answers).toEqual([
      { meta: { serial_number: '100001', status: 'unavailable' } },
      { meta: { serial_number: '987654321', status: 'unavailable' } },
    ])
  })

  it('answers 422 for a malformed serial', async () => {
    const { verify } = controller()
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

  it('answers a lost credentials answer again for 10 minutes (a fresh secret), then refuses, changing nothing', async () => {
    const device = await newPendingDevice()
    const { verifyToken } = controller()
    const first = await verifyToken({ serial_number: device.serial, token: device.code })
    expect(first.statusCode).toBe(200)
    const again = await verifyToken({ serial_number: device.serial, token: ` ${device.code.toLowerCase()} ` })
    expect(again.statusCode).toBe(200)
    const password = again.json().data.attributes.password
    expect(password).not.toBe(first.json().data.attributes.password)
    expect((await stored(device.id)).deviceSecretHash).toBe(sha256(password))
    // A wrong code during the window counts as a failure like any other.
    const wrong = await verifyToken({ serial_number: device.serial, token: wrongCode(device.code) })
    expect(wrong.statusCode).toBe(422)

    await app.db
      .update(items)
      .set({
        pairedAt: new Date(Date.now() - (CREDENTIALS_REFETCH_MINUTES * 60 + 1) * 1000),
        verifyFailures: 0,
      })
      .where(eq(items.id, device.id))
    const before = await stored(device.id)
    const late = await verifyToken({ serial_number: device.serial, token: device.code })
    expect(late.statusCode).toBe(409)
    expect(detail(late)).toBe('Пристрій уже підтверджено')
    expect(await stored(device.id)).toEqual(before)
  })

  it('refuses an archived device that never proved its code', async () => {
    const device = await newPendingDevice()
    await app.db.update(items).set({ status: 'archive' }).where(eq(items.id, device.id))
    const { verify, verifyToken } = controller()
    expect((await verify({ serial_number: device.serial })).json().meta.status).toBe('unavailable')
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

  it('locks out the guessing address for 15 minutes after 5 wrong codes, and only that address', async () => {
    const device = await newPendingDevice()
    const stranger = controller()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await stranger.verifyToken({ serial_number: device.serial, token: wrongCode(device.code) }))
          .statusCode,
      )
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422])

    const locked = await stranger.verifyToken({ serial_number: device.serial, token: device.code })
    expect(locked.statusCode).toBe(429)
    expect(detail(locked)).toBe('Забагато невдалих спроб. Спробуйте знову через 15 хв.')
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect((await stored(device.id)).status).toBe('pending')
    expect((await stored(device.id)).verifyLockedUntil).toBeNull()

    // The installer's controller, elsewhere, pairs all the same.
    const ok = await controller().verifyToken({ serial_number: device.serial, token: device.code })
    expect(ok.statusCode).toBe(200)
    expect(await stored(device.id)).toMatchObject({ verifyFailures: 0, verifyLockedUntil: null })
  })

  it('locks the serial after many wrong codes from many addresses, except for its signed-in installer', async () => {
    const device = await newPendingDevice()
    await app.db
      .update(items)
      .set({ verifyFailures: VERIFY_DEVICE_MAX_FAILURES - 1 })
      .where(eq(items.id, device.id))
    const last = await controller().verifyToken({
      serial_number: device.serial,
      token: wrongCode(device.code),
    })
    expect(last.statusCode).toBe(422)
    expect((await stored(device.id)).verifyLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000)
    const anyone = await controller().verifyToken({ serial_number: device.serial, token: device.code })
    expect(anyone.statusCode).toBe(429)

    const installer = await app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      headers: bearer(adminToken),
      payload: { serial_number: device.serial, token: device.code },
    })
    expect(installer.statusCode).toBe(200)
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
