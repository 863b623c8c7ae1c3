import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items, telemetry1d } from '../../../src/db/schema.ts'
import { issueDemoCredentials } from '../../../src/modules/demo/demo-devices.service.ts'
import { build, type TestApp } from '../../support/helper.ts'

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

describe('demo boilers after a restart', () => {
  it('are handed the readings they last reported, to carry on from', async () => {
    await app.db
      .update(items)
      .set({
        heaterTemp: 71,
        boilerTemp: 49.5,
        gasTemp: 150,
        burnerPower: 12,
        flameBrightness: 80,
        workMode: 6,
      })
      .where(eq(items.serialNumber, '100001'))
    const id = (await app.db.select({ id: items.id }).from(items).where(eq(items.serialNumber, '100001')))[0]!
      .id
    // The controller's counters as the daily rollup last kept them: they never go back after a restart.
    await app.db.insert(telemetry1d).values({
      itemId: id,
      bucket: new Date('2026-11-01T22:00:00Z'),
      burnerHoursMax: 321.5,
      burnerHoursN: 10,
      ignitionsMax: 77,
      ignitionsN: 10,
    })

    const devices = await issueDemoCredentials(app.db)

    expect(devices.find((device) => device.serial === '100001')?.resume).toEqual({
      heaterTemp: 71,
      tankTemp: 49.5,
      gasTemp: 150,
      burnerPower: 12,
      flameBrightness: 80,
      workMode: 6,
      burnerHours: 321.5,
      ignitions: 77,
    })
    const other = devices.find((device) => device.serial === '100003')?.resume
    expect([other?.burnerHours, other?.ignitions]).toEqual([null, null])
  })
})
