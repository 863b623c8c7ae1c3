import type { TelemetryMessage } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { rowsOf } from '../../../src/lib/sql-result.ts'
import { type SerialTelemetry, storeReadings } from '../../../src/modules/device-link/telemetry-store.ts'
import { maintainHistory } from '../../../src/modules/history/partitions.ts'
import { app, get, itemId, useItemsFixture } from '../../support/items-fixture.ts'

// Consumption over long ranges reads whole Kyiv days from the daily energy (telemetry_1d), kept with the other
// rollups as readings are stored, and the hours and minutes at the range's ends from the finer rollups.

useItemsFixture()

const SERIAL = '100003'
const device = () => itemId[SERIAL]!
const MINUTE = 60_000
// 2026-10-23 00:00 Kyiv (UTC+3) to 2026-10-27 00:00 Kyiv (UTC+2): across the clock change of 25 October.
const START = Date.parse('2026-10-22T21:00:00Z')
const END = Date.parse('2026-10-26T22:00:00Z')

function reading(at: number, power: number): SerialTelemetry {
  const message: TelemetryMessage = {
    boot_id: 'b1',
    seq: Math.round(at / 1000),
    ts: new Date(at).toISOString(),
    heater_temp: 60,
    boiler_temp: 45,
    gas_temp: 120,
    burner_power: power,
    flame_brightness: 50,
    work_mode: 6,
    pump_mode: 1,
    burner_on: true,
    settings_version: 1,
  }
  return { serial: SERIAL, message }
}

// A reading every 2 minutes, the burner's power following the hour of the day (0–23 kW).
const readings = Array.from({ length: (END - START) / (2 * MINUTE) }, (_, i) => {
  const at = START + i * 2 * MINUTE
  return reading(at, new Date(at).getUTCHours())
})

/** kWh of the readings in [from, to): each stands for the 2 minutes before it, the very first for nothing. */
const expectedKwh = (from: number, to: number) =>
  readings
    .filter((one, i) => i > 0 && Date.parse(one.message.ts) >= from && Date.parse(one.message.ts) < to)
    .reduce((sum, one) => sum + ((one.message.burner_power ?? 0) * 120) / 3600, 0)

beforeAll(async () => {
  await app.db
    .update(items)
    .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(items.id, device()))
  // In uneven batches, one of them delivered twice: counted once.
  for (let i = 0; i < readings.length; i += 333) await storeReadings(app.db, readings.slice(i, i + 333))
  await storeReadings(app.db, readings.slice(0, 333))
})

const consumption = async (from: number, to: number) => {
  const res = await get(
    `/api/v2/items/${device()}/consumption?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&period=day`,
    'user',
  )
  expect(res.statusCode).toBe(200)
  return res.json().data.attributes.periods as { start: string; end: string; energy_kwh: number }[]
}

describe('daily energy', () => {
  it("keeps each Kyiv day's energy equal to its hours, the 25-hour day of the clock change included", async () => {
    const daily = rowsOf<{ bucket: Date | string; energy: number; hours: number }>(
      await app.db.execute(sql`
        select d.bucket, d.energy_kwh as energy,
          (select sum(h.energy_kwh) from telemetry_1h h where h.item_id = d.item_id
            and h.bucket >= d.bucket and h.bucket < d.bucket + interval '25 hours'
            and date_trunc('day', h.bucket at time zone 'Europe/Kyiv') at time zone 'Europe/Kyiv' = d.bucket) as hours
        from telemetry_1d d where d.item_id = ${device()} order by d.bucket`),
    )
    expect(daily.map((row) => new Date(row.bucket).toISOString())).toEqual([
      '2026-10-22T21:00:00.000Z',
      '2026-10-23T21:00:00.000Z',
      '2026-10-24T21:00:00.000Z',
      '2026-10-25T22:00:00.000Z',
    ])
    for (const row of daily) expect(Number(row.energy)).toBeCloseTo(Number(row.hours), 6)
    const day = (from: string, to: string) => expectedKwh(Date.parse(from), Date.parse(to))
    expect(Number(daily[2]?.energy)).toBeCloseTo(day('2026-10-24T21:00:00Z', '2026-10-25T22:00:00Z'), 6)
  })

  it('gives days cut by the range from the finer rollups and whole days from the daily rows', async () => {
    const from = Date.parse('2026-10-23T09:37:00Z')
    const to = Date.parse('2026-10-26T13:30:00Z')
    const periods = await consumption(from, to)
    expect(periods.map((period) => period.start)).toEqual([
      '2026-10-23T09:37:00.000Z',
      '2026-10-23T21:00:00.000Z',
      '2026-10-24T21:00:00.000Z',
      '2026-10-25T22:00:00.000Z',
    ])
    const edges = [from, ...periods.slice(1).map((period) => Date.parse(period.start)), to]
    periods.forEach((period, i) => {
      expect(period.energy_kwh, period.start).toBeCloseTo(expectedKwh(edges[i]!, edges[i + 1]!), 1)
    })
  })

  it('reads a whole day from its daily row: a day changed there shows changed, a cut one does not', async () => {
    const whole = '2026-10-23T21:00:00Z'
    await app.db.execute(
      sql`update telemetry_1d set energy_kwh = energy_kwh + 1000 where item_id = ${device()} and bucket = ${whole}::timestamptz`,
    )
    try {
      const periods = await consumption(
        Date.parse('2026-10-23T09:37:00Z'),
        Date.parse('2026-10-24T23:00:00Z'),
      )
      expect(periods[1]?.energy_kwh).toBeCloseTo(
        expectedKwh(Date.parse(whole), Date.parse('2026-10-24T21:00:00Z')) + 1000,
        1,
      )
      // The same day cut by the range (from 01:00 Kyiv) comes from the hours: unchanged.
      const cut = await consumption(Date.parse('2026-10-23T22:00:00Z'), Date.parse('2026-10-24T21:00:00Z'))
      expect(cut[0]?.energy_kwh).toBeCloseTo(
        expectedKwh(Date.parse('2026-10-23T22:00:00Z'), Date.parse('2026-10-24T21:00:00Z')),
        1,
      )
    } finally {
      await app.db.execute(
        sql`update telemetry_1d set energy_kwh = energy_kwh - 1000 where item_id = ${device()} and bucket = ${whole}::timestamptz`,
      )
    }
  })

  it('drops daily rows with the months of hourly rollups past HISTORY_RETENTION_DAYS', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(
        await app.db.execute(sql`select count(*)::int as n from telemetry_1d where item_id = ${device()}`),
      )[0]?.n
    expect(await count()).toBe(4)
    // Retention of 30 days seen from 2026-12-15: November's months stay, October's days go.
    await maintainHistory(app.db, { rawDays: 30, rollupDays: 30 }, new Date('2026-12-15T00:00:00Z'))
    expect(await count()).toBe(0)
  })
})
