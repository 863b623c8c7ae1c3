import { DEMO_ACCOUNTS } from '@teplo/domain'
import { and, inArray, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { alarms, itemErrors, items } from '../../../src/db/schema.ts'
import { issueDemoCredentials } from '../../../src/modules/demo/demo-devices.service.ts'
import { DEMO_HOPPER_KG, fillDemoHistory } from '../../../src/modules/demo/demo-history.ts'
import { bearer, signIn, useDemoApp } from '../../support/helper.ts'

// A fresh demo's model (not its timing): house boilers, a past with errors that are over, a hopper part full.
const demo = useDemoApp()
const owner = DEMO_ACCOUNTS.find((account) => account.role === 'user')!

describe('a fresh demo installation', () => {
  it('seeds house boilers of 15–30 kW, not the controller factory 100 kW', async () => {
    const rows = await demo.app.db.select().from(items)
    expect(rows.length).toBeGreaterThanOrEqual(4)
    for (const row of rows) {
      expect(row.burnerPowerSet).toBeGreaterThanOrEqual(15)
      expect(row.burnerPowerSet).toBeLessThanOrEqual(30)
    }
  })

  // Ten days of three boilers' past written here: minutes on a busy machine, so a generous limit.
  it('draws a past that leaves no active error, no alarm, and a hopper part full burning 15–40 kg a day', {
    timeout: 300_000,
  }, async () => {
    const { app } = demo
    const devices = await issueDemoCredentials(app.db)
    // The verified boilers of the seed; 100002 stays pending so that pairing can be tried by hand.
    expect(devices.map((device) => device.serial)).toEqual(['100001', '100003', '100004'])
    expect(await fillDemoHistory(app.db, app.log, devices, 10)).toBe(3)
    // A past older than two hours is kept: a second start draws nothing again.
    expect(await fillDemoHistory(app.db, app.log, devices, 10)).toBe(0)

    const ids = devices.map((device) => device.id)
    const past = await app.db.select().from(itemErrors).where(inArray(itemErrors.itemId, ids))
    expect(past.length).toBeGreaterThan(0)
    for (const error of past) {
      expect(error.endedAt).not.toBeNull()
      expect(error.endedAt!.getTime()).toBeGreaterThan(error.errorTime.getTime())
      // Days ago, not in the future.
      expect(error.errorTime.getTime()).toBeLessThan(Date.now() - 86_400_000)
    }

    await app.alarms.engine.checkFuel()
    for (const id of ids) app.alarms.engine.mark(id)
    await app.alarms.engine.idle()
    const open = await app.db
      .select()
      .from(alarms)
      .where(and(inArray(alarms.itemId, ids), isNull(alarms.clearedAt)))
    expect(open).toEqual([])

    const mine = devices.find((device) => device.serial === '100003')!
    const { token } = await signIn(app, owner)
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/items/${mine.id}/fuel`,
      headers: bearer(token),
    })
    const fuel = response.json().data.attributes
    expect(fuel.hopper_capacity_kg).toBe(DEMO_HOPPER_KG)
    expect(fuel.fuel_left_kg / DEMO_HOPPER_KG).toBeGreaterThan(0.2)
    expect(fuel.fuel_left_kg / DEMO_HOPPER_KG).toBeLessThan(0.9)
    expect(fuel.rate_kg_per_day).toBeGreaterThan(15)
    expect(fuel.rate_kg_per_day).toBeLessThan(40)
    // Consistent: the days left are what is left at that rate, and more than the fuel alarm's 3 days.
    expect(fuel.days_left).toBeCloseTo(fuel.fuel_left_kg / fuel.rate_kg_per_day, 0)
    expect(fuel.days_left).toBeGreaterThan(3)

    // The pellet store: deliveries over the past covering every refill, some left, and a forecast (ADR 057).
    const store = (
      await app.inject({
        method: 'GET',
        url: `/api/v2/items/${mine.id}/pellet-store`,
        headers: bearer(token),
      })
    ).json().data.attributes
    expect(store.stock_kg).toBeGreaterThan(0)
    expect(store.last_delivery_at).not.toBeNull()
    expect(store.average_price_per_kg).toBeGreaterThan(8)
    // The demo boilers report the outdoor temperature: in the heating season the forecast rests on degree-days.
    expect(['burn_rate', 'degree_days']).toContain(store.forecast.basis)
    if (store.forecast.basis === 'degree_days') expect(store.forecast.kg_per_degree_day).toBeGreaterThan(0)
    expect(store.forecast.store_run_out.date > store.forecast.hopper_run_out.date).toBe(true)
    const deliveries = (
      await app.inject({
        method: 'GET',
        url: `/api/v2/items/${mine.id}/pellet-deliveries`,
        headers: bearer(token),
      })
    ).json().data
    expect(deliveries.length).toBeGreaterThan(0)
  })
})
