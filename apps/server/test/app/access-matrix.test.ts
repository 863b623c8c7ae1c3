import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  alarms,
  itemErrors,
  itemHandovers,
  itemShares,
  items,
  pelletDeliveries,
  users,
} from '../../src/db/schema.ts'
import { bearer, build, loginAs, type TestApp } from '../support/helper.ts'
import { addDevice, addPerson, type Person, tempDataDir } from '../support/sharing-fixture.ts'

// Every route that touches a device × every kind of caller (ADR 018). The routes come from the route table (the
// OpenAPI document): a new route under a device path fails here until it is given its row.

const PERSONAS = ['admin', 'installer', 'owner', 'operator', 'viewer', 'stranger', 'anonymous'] as const
type Persona = (typeof PERSONAS)[number]
/** allow: past authorisation (2xx, or a 4xx about the request itself); forbid: 403; hide: 404 like a missing device. */
type Outcome = 'allow' | 'forbid' | 'hide'
type Expected = Record<Exclude<Persona, 'anonymous'>, Outcome>

type Fixture = {
  itemId: number
  errorId: number
  alarmId: number
  operatorShareId: number
  invitationId: number
  deliveryId: number
}
type Case = {
  name?: string
  /** A body the route refuses, when replacing each member's value with garbage would hide what is asked for. */
  badPayload?: object
  request: (f: Fixture) => { url: string; payload?: object; multipart?: boolean }
  expected: Expected
}

const see: Expected = {
  admin: 'allow',
  installer: 'allow',
  owner: 'allow',
  operator: 'allow',
  viewer: 'allow',
  stranger: 'hide',
}
const operate: Expected = { ...see, viewer: 'forbid' }
const service: Expected = { ...operate, operator: 'forbid' }
const share: Expected = { ...service, installer: 'forbid' }
// The registration record is the installer's and admin's (spec §6): a household owner uses, shares, hands on.
const register: Expected = { ...service, owner: 'forbid' }
const administer: Expected = { ...register, installer: 'forbid' }
// Role-guarded before any device is read (admin, creator): a plain account's 403 tells nothing about the device.
const administerByRole: Expected = { ...administer, stranger: 'forbid' }

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const range = () => `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date().toISOString()}`

/** Each device route: its cases. Routes under a device prefix that do not act on one device are listed apart. */
const DEVICE_ROUTES: Record<string, Case[]> = {
  'GET /api/v2/items/{id}': [{ request: (f) => ({ url: `/api/v2/items/${f.itemId}` }), expected: see }],
  'GET /api/v2/items/{id}/user': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/user` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}': [
    {
      name: 'settings',
      request: (f) => ({
        url: `/api/v2/items/${f.itemId}`,
        payload: { heater_temp_set: 60, heater_hysteresis: 4 },
      }),
      expected: operate,
    },
    {
      name: 'on/off',
      request: (f) => ({ url: `/api/v2/items/${f.itemId}`, payload: { status: 'off' } }),
      expected: operate,
    },
    {
      name: 'edit',
      request: (f) => ({ url: `/api/v2/items/${f.itemId}`, payload: { name: 'Новий' } }),
      expected: register,
    },
    {
      name: 'archive',
      request: (f) => ({ url: `/api/v2/items/${f.itemId}`, payload: { status: 'archive' } }),
      badPayload: { status: 'archive', description: { bad: [1] } },
      expected: administer,
    },
  ],
  'DELETE /api/v2/items/{id}': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}` }), expected: administerByRole },
  ],
  'POST /api/v2/items/{id}/pairing-code': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/pairing-code` }), expected: service },
  ],
  'POST /api/v2/items/{id}/owner-code': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/owner-code` }), expected: administerByRole },
  ],
  'GET /api/v2/items/{id}/history': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/history?${range()}` }), expected: see },
  ],
  'GET /api/v2/items/{id}/consumption': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/consumption?${range()}` }), expected: see },
  ],
  'GET /api/v2/items/{id}/service-settings': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/service-settings` }), expected: see },
  ],
  // The burner's tuning is the installer's (ADR 025): the same people as the registration record.
  'PATCH /api/v2/items/{id}/service-settings': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/service-settings`, payload: { fan_speed_30: 40 } }),
      expected: register,
    },
  ],
  'GET /api/v2/items/{id}/fuel': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/fuel` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}/fuel': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/fuel`, payload: { hopper_capacity_kg: 200 } }),
      expected: operate,
    },
  ],
  'GET /api/v2/items/{id}/schedule': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/schedule` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}/schedule': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/schedule`, payload: { heater_reduction: 12 } }),
      expected: operate,
    },
  ],
  'POST /api/v2/items/{id}/hopper-refills': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/hopper-refills`, payload: { kg: 30 } }),
      expected: operate,
    },
  ],
  // The energy counters are fuel too (ADR 058): seen by whoever sees the device, the season changed by who operates it.
  'GET /api/v2/items/{id}/energy': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/energy` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}/energy': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/energy`, payload: { season_start: '10-01' } }),
      expected: operate,
    },
  ],
  // The pellet store is fuel, like the hopper (ADR 057): seen by whoever sees the device, changed by who operates it.
  'GET /api/v2/items/{id}/pellet-store': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/pellet-store` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}/pellet-store': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/pellet-store`, payload: { reorder_lead_days: 5 } }),
      expected: operate,
    },
  ],
  'GET /api/v2/items/{id}/pellet-deliveries': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/pellet-deliveries` }), expected: see },
  ],
  'POST /api/v2/items/{id}/pellet-deliveries': [
    {
      request: (f) => ({
        url: `/api/v2/items/${f.itemId}/pellet-deliveries`,
        payload: { kg: 500, delivered_at: '2026-11-01' },
      }),
      expected: operate,
    },
  ],
  'DELETE /api/v2/items/{id}/pellet-deliveries/{deliveryId}': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/pellet-deliveries/${f.deliveryId}` }),
      expected: operate,
    },
  ],
  // Maintenance (ADR 059): seen by whoever sees the device, marked done by who operates it; the intervals are the
  // installer's, like the burner's tuning.
  // The heating installation its controller announced (ADR 063): seen by whoever sees the device.
  'GET /api/v2/items/{id}/installation': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/installation` }), expected: see },
  ],
  'GET /api/v2/items/{id}/maintenance': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/maintenance` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}/maintenance/{task}': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/maintenance/ash_box`, payload: { interval: 400 } }),
      expected: register,
    },
  ],
  'POST /api/v2/items/{id}/maintenance/{task}/done': [
    {
      request: (f) => ({
        url: `/api/v2/items/${f.itemId}/maintenance/chimney_sweep/done`,
        payload: { done_at: new Date().toISOString() },
      }),
      expected: operate,
    },
  ],
  'GET /api/v2/item-errors': [
    { request: (f) => ({ url: `/api/v2/item-errors?item_id=${f.itemId}` }), expected: see },
  ],
  'POST /api/v2/item-errors/{id}/archive': [
    { request: (f) => ({ url: `/api/v2/item-errors/${f.errorId}/archive` }), expected: operate },
  ],
  'GET /api/v2/live': [{ request: (f) => ({ url: `/api/v2/live?item_id=${f.itemId}` }), expected: see }],
  'POST /api/v2/uploads/items/{id}/image': [
    {
      request: (f) => ({ url: `/api/v2/uploads/items/${f.itemId}/image`, multipart: true }),
      expected: service,
    },
  ],
  'GET /api/v2/items/{id}/alarms': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/alarms` }), expected: see },
  ],
  'POST /api/v2/items/{id}/alarms/{alarmId}/acknowledge': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/alarms/${f.alarmId}/acknowledge` }),
      expected: operate,
    },
  ],
  'GET /api/v2/items/{id}/alarm-settings': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/alarm-settings` }), expected: see },
  ],
  'PATCH /api/v2/items/{id}/alarm-settings': [
    {
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/alarm-settings`, payload: { overheat_temp: 85 } }),
      expected: operate,
    },
  ],
  'GET /api/v2/items/{id}/shares': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/shares` }), expected: see },
  ],
  'POST /api/v2/items/{id}/shares': [
    {
      request: (f) => ({
        url: `/api/v2/items/${f.itemId}/shares`,
        payload: { email: 'guest@matrix.test', access: 'viewer' },
      }),
      expected: share,
    },
  ],
  'PATCH /api/v2/items/{id}/shares/{shareId}': [
    {
      request: (f) => ({
        url: `/api/v2/items/${f.itemId}/shares/${f.operatorShareId}`,
        payload: { access: 'viewer' },
      }),
      expected: share,
    },
  ],
  'DELETE /api/v2/items/{id}/shares/{shareId}': [
    {
      // The operator's share: they may leave; others who may not manage shares are not shown it.
      request: (f) => ({ url: `/api/v2/items/${f.itemId}/shares/${f.operatorShareId}` }),
      expected: { ...share, operator: 'allow', installer: 'hide', viewer: 'hide' },
    },
  ],
  'GET /api/v2/items/{id}/invitations': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/invitations` }), expected: share },
  ],
  'DELETE /api/v2/items/{id}/invitations/{invitationId}': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/invitations/${f.invitationId}` }), expected: share },
  ],
  'GET /api/v2/items/{id}/audit': [
    { request: (f) => ({ url: `/api/v2/items/${f.itemId}/audit` }), expected: service },
  ],
}

/** Under a device prefix but not about one device the caller names; each is tested with its own rules. */
const NOT_ONE_DEVICE: Record<string, string> = {
  'GET /api/v2/items': 'the list: only devices the caller has access to (tested below)',
  'POST /api/v2/items': 'registers a new device (admin, creator)',
  'POST /api/v2/items/batch': 'registers many new devices (admin only: item-batch.test.ts)',
  'POST /api/v2/items/claim': 'owner code: the code is the authority (items-handover.test.ts)',
  'POST /api/v2/items/claim/preview': 'owner code: the code is the authority (handover-access.test.ts)',
  'POST /api/v2/items/verify': 'controllers: anonymous, by serial',
  'POST /api/v2/items/verify-token': 'controllers: anonymous, by serial and code',
  'POST /api/v2/live/tickets':
    "a ticket for the caller's own live stream; the stream checks the device (sessions.test.ts)",
}
const DEVICE_PATH = /^\/api\/v2\/(items|item-errors|live|uploads\/items)(\/|$)/

let app: TestApp
let dataDir: string
let baseUrl: string
const people = {} as Record<Exclude<Persona, 'anonymous'>, Person>

beforeAll(async () => {
  dataDir = await tempDataDir()
  app = await build({ DATA_DIR: dataDir })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
  const [adminRow] = await app.db.select().from(users).where(eq(users.email, admin.email))
  people.admin = {
    id: adminRow!.id,
    email: admin.email,
    token: await loginAs(app, admin.email, admin.password),
  }
  people.installer = await addPerson(app, 'installer@matrix.test', 'creator')
  people.owner = await addPerson(app, 'owner@matrix.test', 'user')
  people.operator = await addPerson(app, 'operator@matrix.test', 'user')
  people.viewer = await addPerson(app, 'viewer@matrix.test', 'user')
  people.stranger = await addPerson(app, 'stranger@matrix.test', 'user')
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

/** A fresh device for each call, so destructive calls do not change what the next one finds. */
async function fixture(): Promise<Fixture> {
  const item = await addDevice(app, people.owner.id, [
    [people.installer.id, 'installer'],
    [people.operator.id, 'operator'],
    [people.viewer.id, 'viewer'],
  ])
  const [error] = await app.db
    .insert(itemErrors)
    .values({ itemId: item.id, errorCode: 'E1', errorTime: new Date() })
    .returning()
  const [alarm] = await app.db
    .insert(alarms)
    .values({ itemId: item.id, kind: 'device_error', code: 'E1' })
    .returning()
  const [operatorShare] = await app.db
    .select()
    .from(itemShares)
    .where(eq(itemShares.userId, people.operator.id))
  const [invitation] = await app.db
    .insert(itemHandovers)
    .values({
      itemId: item.id,
      kind: 'invitation',
      codeHash: `matrix-${item.id}`,
      email: 'invited@matrix.test',
      access: 'viewer',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning()
  const [delivery] = await app.db
    .insert(pelletDeliveries)
    .values({ itemId: item.id, kg: 500, deliveredAt: '2026-11-01' })
    .returning()
  const shareRow = (await app.db.select().from(itemShares).where(eq(itemShares.itemId, item.id))).find(
    (row) => row.userId === people.operator.id,
  )
  return {
    itemId: item.id,
    errorId: error!.id,
    alarmId: alarm!.id,
    operatorShareId: shareRow?.id ?? operatorShare!.id,
    invitationId: invitation!.id,
    deliveryId: delivery!.id,
  }
}

async function call(method: string, target: ReturnType<Case['request']>, who: Persona): Promise<number> {
  const headers: Record<string, string> = who === 'anonymous' ? {} : bearer(people[who].token)
  let body: string | Buffer | undefined
  if (target.multipart) {
    const boundary = '----matrix'
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`
    body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
  } else if (method !== 'GET' && method !== 'DELETE') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(target.payload ?? {})
  }
  // Over HTTP, so the live stream can be opened and dropped like any other request.
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}${target.url}`, { method, headers, body, signal: controller.signal })
  controller.abort()
  return res.status
}

function outcomeOf(status: number): Outcome | 'anonymous' {
  if (status === 401) return 'anonymous'
  if (status === 403) return 'forbid'
  if (status === 404) return 'hide'
  return 'allow'
}

describe('the authorisation matrix', () => {
  it('classifies every route that touches a device', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const devicePaths = routes.filter((route) => DEVICE_PATH.test(route.split(' ')[1]!))
    const unclassified = devicePaths.filter(
      (route) => !(route in DEVICE_ROUTES) && !(route in NOT_ONE_DEVICE),
    )
    expect(unclassified).toEqual([])
    // And no row names a route that does not exist.
    expect(Object.keys(DEVICE_ROUTES).filter((route) => !routes.includes(route))).toEqual([])
  })

  for (const [route, cases] of Object.entries(DEVICE_ROUTES)) {
    const [method, path] = route.split(' ') as [string, string]
    for (const testCase of cases) {
      it(`${route}${testCase.name ? ` (${testCase.name})` : ''}`, async () => {
        const seen: Record<string, string> = {}
        const wanted: Record<string, string> = {}
        for (const persona of PERSONAS) {
          const status = await call(method, testCase.request(await fixture()), persona)
          seen[persona] = `${outcomeOf(status)}`
          wanted[persona] = persona === 'anonymous' ? 'anonymous' : testCase.expected[persona]
          // An allowed call is never a server error either.
          expect(status, `${persona} ${path}`).toBeLessThan(500)
        }
        expect(seen).toEqual(wanted)
      })
      const { payload, multipart } = testCase.request({} as Fixture)
      if (!payload || multipart) continue
      // Authorisation before validation: a caller without the right is refused the same way whatever the body
      // (a bad body changes nothing, so one device serves every caller).
      it(`${route}${testCase.name ? ` (${testCase.name})` : ''} with a bad body`, async () => {
        const fixtureFor = await fixture()
        const target = testCase.request(fixtureFor)
        const bad =
          testCase.badPayload ??
          Object.fromEntries(Object.keys(target.payload ?? {}).map((key) => [key, { bad: [1] }]))
        const seen: Record<string, string> = {}
        const wanted: Record<string, string> = {}
        for (const persona of PERSONAS) {
          const status = await call(method, { ...target, payload: bad }, persona)
          expect(status, `${persona} ${path}`).toBeLessThan(500)
          seen[persona] = `${outcomeOf(status)}`
          wanted[persona] = persona === 'anonymous' ? 'anonymous' : testCase.expected[persona]
          // Those allowed hear about the body itself.
          if (wanted[persona] === 'allow') expect([400, 422], `${persona} ${path}`).toContain(status)
        }
        expect(seen).toEqual(wanted)
      })
    }
  }
})

describe('the list of devices', () => {
  it("shows each caller the devices they have access to, with their level, and nobody else's", async () => {
    const { itemId } = await fixture()
    const name = encodeURIComponent(
      `${(await app.db.select().from(items).where(eq(items.id, itemId)))[0]!.name}`,
    )
    const levels: Record<string, unknown> = {}
    for (const persona of ['installer', 'owner', 'operator', 'viewer', 'stranger'] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v2/items?filter[name]=${name}`,
        headers: bearer(people[persona].token),
      })
      const row = res
        .json<{ data: { id: string; attributes: { access: string } }[] }>()
        .data.find((item) => item.id === String(itemId))
      levels[persona] = row?.attributes.access ?? null
    }
    expect(levels).toEqual({
      installer: 'installer',
      owner: 'owner',
      operator: 'operator',
      viewer: 'viewer',
      stranger: null,
    })
  })
})

describe('the live stream', () => {
  it('stops sending a device to a user the moment their share is revoked', async () => {
    const { itemId } = await fixture()
    const [viewerShare] = (
      await app.db.select().from(itemShares).where(eq(itemShares.itemId, itemId))
    ).filter((row) => row.userId === people.viewer.id)
    const controller = new AbortController()
    const res = await fetch(`${baseUrl}/api/v2/live?item_id=${itemId}`, {
      headers: bearer(people.viewer.token),
      signal: controller.signal,
    })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readUntil = async (marker: string) => {
      while (!text.includes(marker)) {
        const { value, done } = await reader.read()
        if (done) return true
        text += decoder.decode(value, { stream: true })
      }
      return false
    }
    await readUntil('event: item')
    expect(text).toContain('"access":"viewer"')
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${itemId}/shares/${viewerShare!.id}`,
      headers: bearer(people.owner.token),
    })
    expect(revoked.statusCode).toBe(204)
    await readUntil('event: revoked')
    // The stream ends: nothing more of this device reaches the viewer.
    const ended = await Promise.race([
      reader.read().then((chunk) => chunk.done),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
    ])
    expect(ended).toBe(true)
    controller.abort()
  })
})
