// What the change log («Журнал змін») records: real changes only, the fuel settings and the hopper refills.
import fs from 'node:fs/promises'
import { FUEL_DEFAULTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemAudit } from '../../../src/db/schema.ts'
import { build, type TestApp } from '../../support/helper.ts'
import { addDevice, addPerson, type Person, request, tempDataDir } from '../../support/sharing-fixture.ts'

let app: TestApp
let dataDir: string
let owner: Person
let family: Person

beforeAll(async () => {
  dataDir = await tempDataDir()
  app = await build({ DATA_DIR: dataDir })
  owner = await addPerson(app, 'owner@log.test', 'user')
  family = await addPerson(app, 'family@log.test', 'user')
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

const entriesOf = async (itemId: number) =>
  (await app.db.select().from(itemAudit).where(eq(itemAudit.itemId, itemId)).orderBy(itemAudit.id)).map(
    (row) => ({ action: row.action, changes: row.changes, actor: row.actorName }),
  )

describe('the change log', () => {
  it('records only the settings that changed, and nothing for a group sent back as it was', async () => {
    const device = await addDevice(app, owner.id)
    const url = `/api/v2/items/${device.id}`
    // The dialog sends its whole group: the hysteresis goes along unchanged.
    const changed = await request(app, owner).patch(url, {
      heater_temp_set: device.heaterTempSet + 4,
      heater_hysteresis: device.heaterHysteresis,
    })
    expect(changed.statusCode).toBe(200)
    const unchanged = await request(app, owner).patch(url, {
      heater_temp_set: device.heaterTempSet + 4,
      heater_hysteresis: device.heaterHysteresis,
    })
    expect(unchanged.statusCode).toBe(200)
    expect(await entriesOf(device.id)).toEqual([
      {
        action: 'settings',
        changes: { heater_temp_set: { from: device.heaterTempSet, to: device.heaterTempSet + 4 } },
        actor: 'owner',
      },
    ])
  })

  it('records switching on or off, not a switch to the state it is in', async () => {
    const device = await addDevice(app, owner.id)
    const url = `/api/v2/items/${device.id}`
    expect((await request(app, owner).patch(url, { status: 'on' })).statusCode).toBe(200)
    expect((await request(app, owner).patch(url, { status: 'off' })).statusCode).toBe(200)
    expect(await entriesOf(device.id)).toEqual([
      { action: 'power', changes: { power: { from: 'on', to: 'off' } }, actor: 'owner' },
    ])
  })

  it('records a hopper refill with how much was poured in, and a full hopper by its capacity', async () => {
    const device = await addDevice(app, owner.id, [[family.id, 'operator']])
    const url = `/api/v2/items/${device.id}`
    expect((await request(app, family).post(`${url}/hopper-refills`, { kg: 45 })).statusCode).toBe(201)
    await request(app, owner).patch(`${url}/fuel`, { hopper_capacity_kg: 120 })
    expect((await request(app, owner).post(`${url}/hopper-refills`, {})).statusCode).toBe(201)
    const refills = (await entriesOf(device.id)).filter((entry) => entry.action === 'refill')
    expect(refills).toEqual([
      { action: 'refill', changes: { kg: { from: null, to: 45 } }, actor: 'family' },
      { action: 'refill', changes: { kg: { from: null, to: 120 } }, actor: 'owner' },
    ])
  })

  it('records the fuel settings that changed, from the defaults the first time, and not a refused one', async () => {
    const device = await addDevice(app, owner.id)
    const url = `/api/v2/items/${device.id}/fuel`
    const first = await request(app, owner).patch(url, {
      pellet_price_per_tonne: 9000,
      calorific_value: FUEL_DEFAULTS.calorific_value,
    })
    expect(first.statusCode).toBe(200)
    await request(app, owner).patch(url, { pellet_price_per_tonne: 9000, boiler_efficiency: 0.85 })
    await request(app, owner).patch(url, { hopper_capacity_kg: 200 })
    await request(app, owner).patch(url, { hopper_capacity_kg: null })
    expect((await request(app, owner).patch(url, { calorific_value: 60 })).statusCode).toBe(422)
    expect(await entriesOf(device.id)).toEqual([
      { action: 'fuel', changes: { pellet_price_per_tonne: { from: null, to: 9000 } }, actor: 'owner' },
      {
        action: 'fuel',
        changes: { boiler_efficiency: { from: FUEL_DEFAULTS.boiler_efficiency, to: 0.85 } },
        actor: 'owner',
      },
      { action: 'fuel', changes: { hopper_capacity_kg: { from: null, to: 200 } }, actor: 'owner' },
      { action: 'fuel', changes: { hopper_capacity_kg: { from: 200, to: null } }, actor: 'owner' },
    ])
  })

  it('answers the fuel and refill entries through the API, for whoever may read the log', async () => {
    const device = await addDevice(app, owner.id)
    const url = `/api/v2/items/${device.id}`
    await request(app, owner).patch(`${url}/fuel`, { calorific_value: 4.5 })
    await request(app, owner).post(`${url}/hopper-refills`, { kg: 30 })
    const log = await request(app, owner).get(`${url}/audit`)
    expect(log.statusCode).toBe(200)
    const data = log.json<{ data: { attributes: { action: string; changes: unknown } }[] }>().data
    expect(data.map((entry) => entry.attributes)).toMatchObject([
      { action: 'refill', changes: { kg: { from: null, to: 30 } } },
      { action: 'fuel', changes: { calorific_value: { from: FUEL_DEFAULTS.calorific_value, to: 4.5 } } },
    ])
  })
})
