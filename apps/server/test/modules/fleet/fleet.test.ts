import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alarms, itemErrors, items } from '../../../src/db/schema.ts'
import { build, type TestApp } from '../../support/helper.ts'
import { addDevice, addPerson, type Person, request } from '../../support/sharing-fixture.ts'

let app: TestApp
let installer: Person
let customer: Person
let stranger: Person
const ids: Record<string, number> = {}

type Row = { id: string; attributes: Record<string, unknown> }
type FleetDoc = { data: Row[]; meta: { page: { total: number; lastPage: number } } }

beforeAll(async () => {
  app = await build()
  installer = await addPerson(app, 'installer@fleet.test', 'creator')
  customer = await addPerson(app, 'customer@fleet.test', 'user')
  stranger = await addPerson(app, 'stranger@fleet.test', 'creator')
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)
  const device = async (
    key: string,
    ownerId: number,
    values: Partial<typeof items.$inferInsert>,
    shared = false,
  ) => {
    const row = await addDevice(app, ownerId, shared ? [[installer.id, 'installer']] : [])
    await app.db
      .update(items)
      .set({ name: `Fleet ${key}`, ...values })
      .where(eq(items.id, row.id))
    ids[key] = row.id
  }
  await device('fine', installer.id, { status: 'on', lastSeenAt: at(1) })
  await device('silent-long', customer.id, { status: 'connecting', lastSeenAt: at(600) }, true)
  await device('silent-short', installer.id, { status: 'connecting', lastSeenAt: at(30) })
  await device(
    'refused',
    customer.id,
    { status: 'on', syncStatus: 'refused', syncError: 'поза межами' },
    true,
  )
  await device('waiting', installer.id, { status: 'off', syncStatus: 'pending', lastSeenAt: at(2) })
  await device('unpaired', installer.id, { status: 'pending', deviceSecretHash: null })
  await device('archived', installer.id, { status: 'archive' })
  await device('not-mine', stranger.id, { status: 'connecting' })
  await app.db.insert(itemErrors).values({ itemId: ids.refused!, errorCode: 'E2', errorTime: new Date() })
  await device('alarmed', customer.id, { status: 'on', lastSeenAt: at(1) }, true)
  await app.db.insert(alarms).values({ itemId: ids.alarmed!, kind: 'overheat', value: 95, threshold: 90 })
  // A cleared alarm is history: it ranks nothing.
  await app.db
    .insert(alarms)
    .values({ itemId: ids.fine!, kind: 'frost', value: 3, threshold: 5, clearedAt: new Date() })
})
afterAll(async () => {
  await app?.closeAll()
})

const names = (doc: FleetDoc) => doc.data.map((row) => String(row.attributes.name).replace('Fleet ', ''))

describe('GET /api/v2/fleet', () => {
  it("lists the installer's own and shared devices, what needs attention first, and nobody else's", async () => {
    const res = await request(app, installer).get('/api/v2/fleet')
    expect(res.statusCode).toBe(200)
    const doc = res.json<FleetDoc>()
    expect(names(doc)).toEqual([
      'alarmed',
      'refused',
      'silent-long',
      'silent-short',
      'waiting',
      'unpaired',
      'fine',
      'archived',
    ])
    expect(doc.data[0]?.attributes).toMatchObject({ attention: 'alarm', active_alarms: 1 })
    expect(doc.data.find((row) => row.id === String(ids.fine))?.attributes.active_alarms).toBe(0)
    expect(doc.data[1]?.attributes).toMatchObject({
      attention: 'refused',
      access: 'installer',
      online: true,
      sync_reason: 'поза межами',
      open_errors: 1,
      active_alarms: 0,
    })
    expect(doc.data[2]?.attributes).toMatchObject({
      attention: 'offline',
      online: false,
      access: 'installer',
    })
    expect(doc.data.find((row) => row.id === String(ids.fine))?.attributes.access).toBe('owner')
  })

  it('searches name, serial and owner, filters by attention, and pages on the server', async () => {
    const search = (await request(app, installer).get('/api/v2/fleet?filter[search]=silent')).json<FleetDoc>()
    expect(names(search)).toEqual(['silent-long', 'silent-short'])
    const offline = (
      await request(app, installer).get('/api/v2/fleet?filter[attention]=offline')
    ).json<FleetDoc>()
    expect(names(offline)).toEqual(['silent-long', 'silent-short'])
    const page = (
      await request(app, installer).get('/api/v2/fleet?page[size]=3&page[number]=2')
    ).json<FleetDoc>()
    expect(names(page)).toEqual(['silent-short', 'waiting', 'unpaired'])
    expect(page.meta.page).toMatchObject({ total: 8, lastPage: 3 })
    const alarmed = (
      await request(app, installer).get('/api/v2/fleet?filter[attention]=alarm')
    ).json<FleetDoc>()
    expect(names(alarmed)).toEqual(['alarmed'])
    const bad = await request(app, installer).get('/api/v2/fleet?filter[attention]=panic')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].source.parameter).toBe('filter[attention]')
  })

  it('is for installers and admins only', async () => {
    expect((await request(app, customer).get('/api/v2/fleet')).statusCode).toBe(403)
    expect((await request(app, null).get('/api/v2/fleet')).statusCode).toBe(401)
  })
})
