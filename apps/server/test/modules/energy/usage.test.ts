import type { TelemetryMessage } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { rowsOf } from '../../../src/lib/sql-result.ts'
import { type SerialTelemetry, storeReadings } from '../../../src/modules/device-link/telemetry-store.ts'
import { usageBetween, usageDetailBetween } from '../../../src/modules/energy/usage.ts'
import { fuelKg, fuelParameters } from '../../../src/modules/history/fuel.service.ts'
import { app, itemId, useItemsFixture } from '../../support/items-fixture.ts'

// The usage of a device between two instants: energy and fuel from the rollups, burner hours and ignitions from
// the controller's counters where every reading carried them, else derived from the readings (burner-on seconds,
// off→on edges), exact whatever the order the readings arrive in.

useItemsFixture()

const DERIVED = '100003'
const IN_ORDER = '100001'
const COUNTING = '100004'
const START = Date.parse('2026-10-10T00:00:00Z')
const STEP = 10_000
const COUNT = 1200 // 12000 s: 3 h 20 min

/** The burner's state at reading i: lit for 40 readings, out for 20, over and over. */
const lit = (i: number) => i % 60 < 40

function reading(serial: string, i: number, extra: Partial<TelemetryMessage> = {}): SerialTelemetry {
  const message: TelemetryMessage = {
    boot_id: 'b1',
    seq: i,
    ts: new Date(START + i * STEP).toISOString(),
    heater_temp: 60,
    boiler_temp: 45,
    gas_temp: 120,
    burner_power: lit(i) ? 18 : 0,
    flame_brightness: lit(i) ? 60 : 0,
    work_mode: 6,
    pump_mode: 1,
    burner_on: lit(i),
    settings_version: 1,
    ...extra,
  }
  return { serial, message }
}

const indexes = Array.from({ length: COUNT }, (_, i) => i)
// Off→on edges between consecutive readings (all 10 s apart).
const expectedIgnitions = indexes.filter((i) => i > 0 && lit(i) && !lit(i - 1)).length
// Each lit reading stands for the 10 s before it (the very first for nothing).
const expectedOnSeconds = indexes.filter((i) => i > 0 && lit(i)).length * 10

/** A deterministic shuffle: the readings arrive in scattered batches, late ones between stored ones. */
function scattered<T>(list: T[]): T[] {
  const out = [...list]
  let seed = 7
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 48271) % 2147483647
    const j = seed % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

beforeAll(async () => {
  for (const serial of [DERIVED, IN_ORDER, COUNTING]) {
    await app.db
      .update(items)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(items.id, itemId[serial]!))
  }
  // The first half in order, the rest scattered in batches of 37, one batch delivered twice.
  const derived = indexes.map((i) => reading(DERIVED, i))
  await storeReadings(app.db, derived.slice(0, 600))
  const rest = scattered(derived.slice(600))
  for (let i = 0; i < rest.length; i += 37) await storeReadings(app.db, rest.slice(i, i + 37))
  await storeReadings(app.db, rest.slice(0, 37))
  // The same readings in order on another device: the seconds each reading stands for are only exact in order
  // (a late reading's successor keeps the interval it was stored with).
  const ordered = indexes.map((i) => reading(IN_ORDER, i))
  for (let i = 0; i < ordered.length; i += 100) await storeReadings(app.db, ordered.slice(i, i + 100))
  // The counting controller reports its own counters (from 500 h and 9000 ignitions, +1 h per 360 lit readings).
  let hours = 500
  let ignitions = 9000
  const counting = indexes.map((i) => {
    if (i > 0 && lit(i)) hours += 10 / 3600
    if (i > 0 && lit(i) && !lit(i - 1)) ignitions += 1
    return reading(COUNTING, i, { burner_hours: hours, ignitions, outdoor_temp: -5 + (i % 10) })
  })
  for (let i = 0; i < counting.length; i += 100) await storeReadings(app.db, counting.slice(i, i + 100))
})

const range = [new Date(START - 3_600_000), new Date(START + COUNT * STEP + 3_600_000)] as const

describe('usageBetween', () => {
  it('derives the ignitions from the readings, exact though they arrived out of order and twice', async () => {
    const usage = await usageBetween(app.db, itemId[DERIVED]!, ...range)
    expect(usage.ignitions).toBe(expectedIgnitions)
    const [row] = rowsOf<{ lit: number | string }>(
      await app.db.execute(
        sql`select sum(lit_count) as lit from telemetry_1m where item_id = ${itemId[DERIVED]!}`,
      ),
    )
    expect(Number(row?.lit)).toBe(expectedIgnitions)
  })

  it('derives burner hours and ignitions from the readings', async () => {
    const id = itemId[IN_ORDER]!
    const usage = await usageBetween(app.db, id, ...range)
    expect(Object.keys(usage).sort()).toEqual([
      'burner_hours',
      'covered_s',
      'energy_kwh',
      'fuel_kg',
      'ignitions',
    ])
    expect(usage.ignitions).toBe(expectedIgnitions)
    expect(usage.burner_hours).toBeCloseTo(expectedOnSeconds / 3600, 6)
    expect(usage.covered_s).toBe((COUNT - 1) * 10)
    expect(usage.energy_kwh).toBeCloseTo((expectedOnSeconds * 18) / 3600, 6)
    expect(usage.fuel_kg).toBeCloseTo(fuelKg(usage.energy_kwh, await fuelParameters(app.db, id)), 6)
    const detail = await usageDetailBetween(app.db, id, ...range)
    expect([detail.burner_hours_source, detail.ignitions_source]).toEqual(['derived', 'derived'])
  })

  it('keeps the same counts in every rollup: minutes, hours and Kyiv days', async () => {
    const id = itemId[IN_ORDER]!
    for (const table of ['telemetry_1m', 'telemetry_1h', 'telemetry_1d']) {
      const [row] = rowsOf<{ lit: number | string; on_s: number | string }>(
        await app.db.execute(
          sql`select sum(lit_count) as lit, sum(burner_on_s) as on_s from ${sql.raw(table)} where item_id = ${id}`,
        ),
      )
      expect(Number(row?.lit), table).toBe(expectedIgnitions)
      expect(Number(row?.on_s), table).toBeCloseTo(expectedOnSeconds, 6)
    }
  })

  it("takes the controller's own counters where every reading carried them", async () => {
    const detail = await usageDetailBetween(app.db, itemId[COUNTING]!, ...range)
    expect([detail.burner_hours_source, detail.ignitions_source]).toEqual(['controller', 'controller'])
    expect(detail.burner_hours).toBeCloseTo(expectedOnSeconds / 3600, 6)
    expect(detail.ignitions).toBe(expectedIgnitions)
    // The outdoor temperature's average of the day, for degree-days.
    const [day] = rowsOf<{ avg: number | string }>(
      await app.db.execute(
        sql`select outdoor_temp_sum / outdoor_temp_n as avg from telemetry_1d where item_id = ${itemId[COUNTING]!}`,
      ),
    )
    expect(Number(day?.avg)).toBeCloseTo(-0.5, 6)
  })

  it('knows no ignitions where nothing was read', async () => {
    const usage = await usageBetween(
      app.db,
      itemId[DERIVED]!,
      new Date('2025-01-01T00:00:00Z'),
      new Date('2025-01-02T00:00:00Z'),
    )
    expect(usage).toEqual({ energy_kwh: 0, fuel_kg: 0, burner_hours: 0, ignitions: null, covered_s: 0 })
  })
})
