import {
  HISTORY_METRICS,
  historyBucketsOf,
  itemHistoryDocumentSchema,
  type TelemetryMessage,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { hopperRefills, items, telemetry, users } from '../../../src/db/schema.ts'
import { rowsOf } from '../../../src/lib/sql-result.ts'
import { type SerialTelemetry, storeReadings } from '../../../src/modules/device-link/telemetry-store.ts'
import { maintainHistory } from '../../../src/modules/history/partitions.ts'
import { bearer } from '../../support/helper.ts'
import { app, firstError, get, itemId, token, useItemsFixture, userId } from '../../support/items-fixture.ts'

useItemsFixture()

const SERIAL = '100003'
const device = () => itemId[SERIAL]!
const MINUTE = 60_000

type Bucket = Record<string, unknown> & { time: string; samples: number }
type HistoryAttributes = {
  resolution: string
  buckets: Bucket[]
  gaps: { from: string; to: string }[]
  events: Record<string, unknown>[]
  demo: boolean
}

function reading(at: number, values: Partial<TelemetryMessage> = {}, serial = SERIAL): SerialTelemetry {
  return {
    serial,
    message: {
      boot_id: 'b1',
      seq: Math.round(at / 10),
      ts: new Date(at).toISOString(),
      heater_temp: 60,
      boiler_temp: 45,
      gas_temp: 120,
      burner_power: 10,
      flame_brightness: 50,
      work_mode: 6,
      pump_mode: 1,
      burner_on: true,
      settings_version: 1,
      ...values,
    },
  }
}

/** Readings every `step` ms from `start` for `count` readings. */
const series = (
  start: number,
  count: number,
  step = 10_000,
  values: (i: number) => Partial<TelemetryMessage> = () => ({}),
) => Array.from({ length: count }, (_, i) => reading(start + i * step, values(i)))

const history = async (query: string, who: 'user' | 'admin' | 'otherUser' = 'user') => {
  const res = await get(`/api/v2/items/${device()}/history?${query}`, who)
  if (res.statusCode !== 200) return { res, attributes: undefined }
  // The wire carries the buckets column by column; the tests read them as rows.
  const { attributes } = itemHistoryDocumentSchema.parse(res.json()).data
  return {
    res,
    attributes: { ...attributes, buckets: historyBucketsOf(attributes.series) } as HistoryAttributes,
  }
}

const range = (from: number, to: number, resolution?: string) =>
  `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}${resolution ? `&resolution=${resolution}` : ''}`

// A fixed day in the past for the known series (its day partition is created by maintenance like any other).
const T0 = Date.parse('2026-11-20T08:00:00Z')

beforeAll(async () => {
  await app.db
    .update(items)
    .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(items.id, device()))
  // 30 minutes of readings every 10 s, heater rising 0.1 °C per reading, then 10 minutes without connection,
  // then 10 more minutes.
  await storeReadings(
    app.db,
    series(T0, 180, 10_000, (i) => ({ heater_temp: 60 + i * 0.1 })),
  )
  await storeReadings(app.db, series(T0 + 40 * MINUTE, 60))
})

describe('GET /api/v2/items/{id}/history', () => {
  it('answers raw readings, minute buckets and 15-minute buckets of the same readings', async () => {
    const raw = await history(range(T0, T0 + 5 * MINUTE, 'raw'))
    expect(raw.res.statusCode).toBe(200)
    expect(raw.attributes!.buckets).toHaveLength(30)
    expect(raw.attributes!.buckets[1]).toMatchObject({
      samples: 1,
      heater_temp: { min: 60.1, avg: 60.1, max: 60.1 },
    })

    const minutes = await history(range(T0, T0 + 60 * MINUTE, '1m'))
    expect(minutes.attributes!.resolution).toBe('1m')
    expect(minutes.attributes!.buckets).toHaveLength(40)
    const first = minutes.attributes!.buckets[0]!
    expect(first.samples).toBe(6)
    expect(first.heater_temp).toEqual({
      min: 60,
      avg: expect.closeTo(60.25, 9),
      max: expect.closeTo(60.5, 9),
    })
    // The setpoint in effect is stored with each reading.
    expect(first.heater_temp_set).toMatchObject({ avg: expect.any(Number) })

    const quarters = await history(range(T0, T0 + 60 * MINUTE, '15m'))
    expect(quarters.attributes!.buckets.map((bucket) => bucket.samples)).toEqual([90, 90, 30, 30])
    expect(quarters.attributes!.buckets[0]!.heater_temp).toMatchObject({
      min: 60,
      max: expect.closeTo(68.9, 9),
    })
  })

  it('reports the period without connection as a gap, and the stretches before and after', async () => {
    const { attributes } = await history(range(T0 - 10 * MINUTE, T0 + 60 * MINUTE, '1m'))
    // Raw readings and 15-minute buckets (whose gaps come from the minute rollup under them) say the same.
    for (const resolution of ['raw', '15m']) {
      const other = await history(range(T0 - 10 * MINUTE, T0 + 60 * MINUTE, resolution))
      expect(other.attributes!.gaps, resolution).toEqual(attributes!.gaps)
    }
    expect(attributes!.gaps).toEqual([
      { from: new Date(T0 - 10 * MINUTE).toISOString(), to: new Date(T0).toISOString() },
      {
        from: new Date(T0 + 29 * MINUTE + 50_000).toISOString(),
        to: new Date(T0 + 40 * MINUTE).toISOString(),
      },
      {
        from: new Date(T0 + 49 * MINUTE + 50_000).toISOString(),
        to: new Date(T0 + 60 * MINUTE).toISOString(),
      },
    ])
  })

  it('answers a range without readings with empty columns and one gap, at every resolution', async () => {
    const from = T0 - 3 * 60 * MINUTE
    const to = T0 - 2 * 60 * MINUTE
    for (const resolution of ['raw', '1m', '15m', '1h', '1d']) {
      const { res, attributes } = await history(range(from, to, resolution))
      expect(res.statusCode, resolution).toBe(200)
      expect(attributes!.buckets, resolution).toEqual([])
      expect(attributes!.gaps, resolution).toEqual([
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
      ])
    }
  })

  it('reads a day chart of months a slice at a time, giving every day once and the gaps across the slices', async () => {
    // One hour of readings a day at 10:00 UTC, 2026-01-02 … 2026-07-20 (across the clock change of 29 March), but
    // none on days 55–65: the chart is read in slices of 60 days, so that gap spans a slice's end.
    const first = Date.parse('2026-01-02T10:00:00Z')
    const days = Array.from({ length: 200 }, (_, day) => day).filter((day) => day < 55 || day > 65)
    const columns = HISTORY_METRICS.map((m) => `${m}_min, ${m}_max, ${m}_sum, ${m}_n`).join(', ')
    const values = HISTORY_METRICS.map(() => '40, 60, 18000, 360').join(', ')
    await app.db.execute(
      sql.raw(`insert into telemetry_1h (item_id, bucket, samples, first_at, last_at, ${columns}, work_mode, is_on,
          energy_kwh, covered_s)
        select ${device()}, b, 360, b, b + interval '59 minutes 50 seconds', ${values}, 6, true, 10, 3600
        from unnest(array[${days.map((day) => `'${new Date(first + day * 86_400_000).toISOString()}'::timestamptz`).join(', ')}]) as b`),
    )
    const from = Date.parse('2026-01-01T22:00:00Z')
    const to = Date.parse('2026-07-21T00:00:00Z')
    const { attributes } = await history(range(from, to, '1d'))
    const buckets = attributes!.buckets
    expect(buckets).toHaveLength(days.length)
    expect(buckets.every((bucket) => bucket.samples === 360)).toBe(true)
    // Each bucket is its day's Kyiv midnight: UTC+2 before the clock change, UTC+3 after.
    expect(buckets[0]?.time).toBe('2026-01-01T22:00:00.000Z')
    expect(buckets.at(-1)?.time).toBe('2026-07-19T21:00:00.000Z')
    const lastHour = (day: number) => new Date(first + day * 86_400_000 + 3_590_000).toISOString()
    const nextReading = (day: number) => new Date(first + day * 86_400_000).toISOString()
    // Between two days' readings a gap of a day less an hour, 54 → 66 the long one, found across the slices.
    expect(attributes!.gaps).toContainEqual({ from: lastHour(54), to: nextReading(66) })
    expect(
      attributes!.gaps.filter((gap) => gap.from > lastHour(0) && gap.to <= nextReading(199)),
    ).toHaveLength(days.length - 2)
    await app.db.execute(
      sql`delete from telemetry_1h where item_id = ${device()} and bucket < '2026-08-01T00:00:00Z'::timestamptz`,
    )
  })

  it('picks the finest resolution giving at most 2,000 buckets', async () => {
    const pick = async (hours: number) =>
      (await history(range(T0, T0 + hours * 60 * MINUTE))).attributes!.resolution
    expect(await pick(1)).toBe('raw')
    expect(await pick(24)).toBe('1m')
    expect(await pick(24 * 7)).toBe('15m')
    expect(await pick(24 * 30)).toBe('1h')
    expect(await pick(24 * 365)).toBe('1d')
  })

  it('marks on/off switches, setting changes and controller errors on the time axis', async () => {
    const before = Date.now() - 1000
    await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${device()}`,
      headers: bearer(token.user),
      payload: { heater_temp_set: 71, heater_hysteresis: 5 },
    })
    const { attributes } = await history(range(before, Date.now() + 1000))
    const settings = attributes!.events.find((event) => event.kind === 'settings')
    expect(settings).toMatchObject({ code: null, settings: { heater_temp_set: 71 } })
  })

  it('says the demo boilers’ history is demo data', async () => {
    expect((await history(range(T0, T0 + MINUTE))).attributes!.demo).toBe(true)
  })

  it('is for those who may see the device: 401 anonymous, 404 for others', async () => {
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/v2/items/${device()}/history?${range(T0, T0 + MINUTE)}`,
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await history(range(T0, T0 + MINUTE), 'otherUser')).res.statusCode).toBe(404)
    expect((await history(range(T0, T0 + MINUTE), 'admin')).res.statusCode).toBe(200)
  })

  it.each([
    ['', 'from'],
    [`from=${new Date(T0).toISOString()}`, 'to'],
    [`from=yesterday&to=${new Date(T0).toISOString()}`, 'from'],
    [`from=2026-11-20T08:00:00&to=2026-11-21T08:00:00Z`, 'from'],
    [range(T0 + MINUTE, T0), 'from'],
    [range(T0, T0), 'from'],
    [range(T0, T0 + MINUTE, 'weekly'), 'resolution'],
    [range(T0, T0 + 48 * 60 * MINUTE, 'raw'), 'resolution'],
    [range(Date.parse('2000-01-01T00:00:00Z'), T0, '1m'), 'resolution'],
    [`from=1999-01-01T00:00:00Z&to=${new Date(T0).toISOString()}`, 'from'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const { res } = await history(query)
    expect(res.statusCode).toBe(400)
    expect(firstError(res)!.source).toEqual({ parameter })
  })
})

// A seeded generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('rollups', () => {
  it.each([1, 2, 3, 4, 5])(
    'equal what the raw readings give, over a random series with gaps (seed %i)',
    async (seed) => {
      const next = random(seed)
      const start = Date.parse('2026-11-08T00:00:00Z') + seed * 86_400_000
      const readings: SerialTelemetry[] = []
      let at = start
      for (let i = 0; i < 400; i++) {
        at += next() < 0.05 ? Math.floor(next() * 20 * MINUTE) : 5_000 + Math.floor(next() * 10_000)
        readings.push(
          reading(at, {
            heater_temp: Math.round(next() * 900) / 10,
            gas_temp: next() < 0.1 ? null : Math.round(next() * 3000) / 10,
            burner_power: Math.round(next() * 250) / 10,
            work_mode: Math.floor(next() * 18),
          }),
        )
      }
      // Out of order and in uneven batches, with one batch delivered twice.
      const shuffled = [...readings].sort(() => next() - 0.5)
      for (let i = 0; i < shuffled.length; i += 37) await storeReadings(app.db, shuffled.slice(i, i + 37))
      await storeReadings(app.db, shuffled.slice(0, 37))

      const res = await history(range(start, at + MINUTE, '1m'))
      const byMinute = new Map<number, SerialTelemetry[]>()
      for (const one of readings) {
        const minute = Math.floor(Date.parse(one.message.ts) / MINUTE) * MINUTE
        byMinute.set(minute, [...(byMinute.get(minute) ?? []), one])
      }
      const buckets = res.attributes!.buckets
      expect(buckets.map((bucket) => Date.parse(bucket.time))).toEqual(
        [...byMinute.keys()].sort((a, b) => a - b),
      )
      for (const bucket of buckets) {
        const inMinute = byMinute.get(Date.parse(bucket.time))!
        expect(bucket.samples).toBe(inMinute.length)
        for (const metric of ['heater_temp', 'gas_temp', 'burner_power'] as const) {
          const values = inMinute
            .map((one) => one.message[metric])
            .filter((value): value is number => value !== null)
          if (values.length === 0) {
            expect(bucket[metric]).toBeNull()
            continue
          }
          expect(bucket[metric]).toEqual({
            min: Math.min(...values),
            // Averages come rounded to two decimals.
            avg: expect.closeTo(values.reduce((sum, value) => sum + value, 0) / values.length, 1),
            max: Math.max(...values),
          })
        }
        const last = inMinute.reduce((a, b) => (Date.parse(a.message.ts) > Date.parse(b.message.ts) ? a : b))
        expect(bucket.work_mode).toBe(last.message.work_mode)
      }
      // The hourly rollup holds the same counts.
      const hours = await history(range(start, at + MINUTE, '1h'))
      expect(hours.attributes!.buckets.reduce((sum, bucket) => sum + bucket.samples, 0)).toBe(readings.length)
      expect(HISTORY_METRICS).toContain('heater_temp')
    },
  )
})

describe('GET /api/v2/items/{id}/consumption', () => {
  it('integrates burner power over the readings and leaves gaps out, not as zero burn', async () => {
    const res = await get(
      `/api/v2/items/${device()}/consumption?${range(T0, T0 + 60 * MINUTE)}&period=day`,
      'user',
    )
    expect(res.statusCode).toBe(200)
    const consumption = res.json().data.attributes
    // 10 kW for 179 + 59 intervals of 10 s (the first reading after a gap stands for nothing).
    const energy = (10 * (179 + 59) * 10) / 3600
    expect(consumption.periods).toHaveLength(1)
    expect(consumption.periods[0]).toMatchObject({
      start: new Date(T0).toISOString(),
      end: new Date(T0 + 60 * MINUTE).toISOString(),
      energy_kwh: expect.closeTo(energy, 3),
      fuel_kg: expect.closeTo(energy / (4.8 * 0.9), 3),
      cost: null,
      coverage: expect.closeTo(2380 / 3600, 3),
    })
    expect(consumption.totals.fuel_kg).toBeCloseTo(energy / (4.8 * 0.9), 3)
  })

  it('splits a range into days on Kyiv’s calendar and prices the pellets once a price is set', async () => {
    await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${device()}/fuel`,
      headers: bearer(token.user),
      payload: {
        data: { type: 'item-fuel', id: String(device()), attributes: { pellet_price_per_tonne: 9000 } },
      },
    })
    const res = await get(
      `/api/v2/items/${device()}/consumption?from=2026-11-19T12:00:00Z&to=2026-11-21T12:00:00Z&period=day`,
      'user',
    )
    const { periods, totals } = res.json().data.attributes
    // Kyiv midnight is 22:00 UTC in November.
    expect(periods.map((period: { start: string }) => period.start)).toEqual([
      '2026-11-19T12:00:00.000Z',
      '2026-11-19T22:00:00.000Z',
      '2026-11-20T22:00:00.000Z',
    ])
    expect(periods[1].cost).toBeCloseTo(periods[1].fuel_kg * 9, 2)
    expect(periods[0]).toMatchObject({ energy_kwh: 0, coverage: 0 })
    expect(totals.cost).toBeCloseTo(totals.fuel_kg * 9, 1)
  })

  it.each([
    [`${range(T0, T0 + MINUTE)}&period=year`, 'period'],
    [`from=2024-01-01T00:00:00Z&to=2026-11-20T00:00:00Z`, 'to'],
    ['period=day', 'from'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const res = await get(`/api/v2/items/${device()}/consumption?${query}`, 'user')
    expect(res.statusCode).toBe(400)
    expect(firstError(res)!.source).toEqual({ parameter })
  })
})

describe('fuel and hopper', () => {
  const fuelUrl = () => `/api/v2/items/${device()}/fuel`
  const send = (
    method: 'PATCH' | 'POST',
    url: string,
    attributes: object,
    who: 'user' | 'otherUser' = 'user',
  ) =>
    app.inject({
      method,
      url,
      headers: bearer(token[who]),
      payload: { data: { type: method === 'PATCH' ? 'item-fuel' : 'hopper-refills', attributes } },
    })

  it('keeps the owner’s settings, checks them, and refuses strangers', async () => {
    const bad = await send('PATCH', fuelUrl(), { boiler_efficiency: 1.5 })
    expect(bad.statusCode).toBe(422)
    expect(firstError(bad)!.source).toEqual({ pointer: '/data/attributes/boiler_efficiency' })
    expect((await send('PATCH', fuelUrl(), { boiler_efficiency: 1.5 }, 'otherUser')).statusCode).toBe(404)
    const wrongType = await app.inject({
      method: 'PATCH',
      url: fuelUrl(),
      headers: bearer(token.user),
      payload: { data: { type: 'items', attributes: { boiler_efficiency: 0.8 } } },
    })
    expect(wrongType.statusCode).toBe(409)
    const ok = await send('PATCH', fuelUrl(), { boiler_efficiency: 0.8, calorific_value: 5 })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.attributes).toMatchObject({ boiler_efficiency: 0.8, calorific_value: 5 })
    await send('PATCH', fuelUrl(), { boiler_efficiency: 0.9, calorific_value: 4.8 })
  })

  it('records a refill (a full hopper by default) and estimates what is left and for how many days', async () => {
    const noCapacity = await send('POST', `/api/v2/items/${device()}/hopper-refills`, {})
    expect(noCapacity.statusCode).toBe(422)
    expect(firstError(noCapacity)!.source).toEqual({ pointer: '/data/attributes/kg' })

    await send('PATCH', fuelUrl(), { hopper_capacity_kg: 200 })
    const refill = await send('POST', `/api/v2/items/${device()}/hopper-refills`, {})
    expect(refill.statusCode).toBe(201)
    expect(refill.json().data.attributes).toMatchObject({ last_refill_kg: 200, fuel_left_kg: 200 })

    // Two hours at 10 kW after the refill burn 20 kWh: 20 / (4.8 × 0.9) kg.
    const now = Date.now()
    await app.db
      .update(hopperRefills)
      .set({ refilledAt: new Date(now - 3 * 60 * MINUTE) })
      .where(eq(hopperRefills.itemId, device()))
    await storeReadings(app.db, series(now - 2 * 60 * MINUTE + 5000, 720))
    const fuel = (await get(fuelUrl(), 'user')).json().data.attributes
    expect(fuel.fuel_left_kg).toBeGreaterThan(200 - 20 / (4.8 * 0.9) - 0.5)
    expect(fuel.fuel_left_kg).toBeLessThan(200)
    expect(fuel.rate_kg_per_day).toBeNull() // less than a day of the last week is covered
  })

  it('refuses a refill above the hopper’s capacity or of nothing, naming the range, and records none', async () => {
    const refills = `/api/v2/items/${device()}/hopper-refills`
    await send('PATCH', fuelUrl(), { hopper_capacity_kg: 250 })
    const before = (await get(fuelUrl(), 'user')).json().data.attributes.last_refill_at
    const tooMuch = await send('POST', refills, { kg: 100_000 })
    expect(tooMuch.statusCode).toBe(422)
    expect(firstError(tooMuch)).toMatchObject({
      detail: 'Засипано має бути від 1 до 250 кг',
      source: { pointer: '/data/attributes/kg' },
    })
    expect((await send('POST', refills, { kg: 251 })).statusCode).toBe(422)
    for (const kg of [0, -5]) {
      const none = await send('POST', refills, { kg })
      expect(none.statusCode).toBe(422)
      expect(firstError(none)!.detail).toMatch(/^Засипано має бути від 1 до /)
    }
    const english = await app.inject({
      method: 'POST',
      url: refills,
      headers: { ...bearer(token.user), 'accept-language': 'en' },
      payload: { data: { type: 'hopper-refills', attributes: { kg: 300 } } },
    })
    expect(firstError(english)!.detail).toBe('The amount added must be from 1 to 250 kg')
    expect((await get(fuelUrl(), 'user')).json().data.attributes.last_refill_at).toBe(before)
    expect((await send('POST', refills, { kg: 250 })).statusCode).toBe(201)
  })
})

describe('storage', () => {
  it('drops whole day partitions past TELEMETRY_RETENTION_DAYS and keeps the rollups', async () => {
    const old = Date.now() - 40 * 86_400_000
    await storeReadings(app.db, series(old, 12))
    await storeReadings(app.db, series(Date.now() - 60 * MINUTE, 12))
    await maintainHistory(app.db, { rawDays: 30, rollupDays: 730 })
    const partitions = rowsOf<{ name: string }>(
      await app.db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry'`),
    ).map((row) => row.name)
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '')
    expect(partitions).toContain(`telemetry_p${today}`)
    expect(partitions).toContain('telemetry_default')
    // Nothing older than the retention is left, in a partition or in the default one.
    const oldRaw = await app.db
      .select()
      .from(telemetry)
      .where(sql`${telemetry.recordedAt} < now() - interval '30 days'`)
    expect(oldRaw).toHaveLength(0)
    const rawDefault = rowsOf(await app.db.execute(sql`select 1 from telemetry_default`))
    expect(rawDefault).toHaveLength(0)
    // The rollups of those old readings stay (two years by default).
    const oldMinutes = await get(
      `/api/v2/items/${device()}/history?${range(old, old + 5 * MINUTE, '1m')}`,
      'user',
    )
    expect(
      oldMinutes
        .json()
        .data.attributes.series.samples.reduce((sum: number, samples: number) => sum + samples, 0),
    ).toBe(12)
    // A redelivered old reading lands nowhere twice: the rollups ignore readings the raw table did not take.
    const recent = await history(range(Date.now() - 61 * MINUTE, Date.now(), 'raw'))
    expect(recent.attributes!.buckets.length).toBeGreaterThanOrEqual(12)
  })
})

describe('a fair share of heavy reads', () => {
  // The account's two slots are held from here (as two long reads would hold them) until `release`.
  const holdSlots = (who: 'user' | 'creator') => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const runs = [0, 1].map(() => app.heavyReads.run(userId[who]!, () => held))
    return async () => {
      release()
      await Promise.all(runs)
    }
  }

  it('refuses a third heavy read of one account at once with 429 and Retry-After, and serves others', async () => {
    const day = range(T0, T0 + 24 * 60 * MINUTE)
    const release = holdSlots('user')
    try {
      for (const path of [`history?${day}`, `consumption?${day}`, 'audit']) {
        const res = await get(`/api/v2/items/${device()}/${path}`, 'user')
        expect(res.statusCode, path).toBe(429)
        expect(res.headers['retry-after'], path).toBe('1')
        expect(firstError(res)?.detail).toBe(
          'Забагато одночасних важких запитів з цього акаунта. Дочекайтеся попередніх і спробуйте знову.',
        )
      }
      const english = await app.inject({
        method: 'GET',
        url: `/api/v2/items/${device()}/consumption?${day}`,
        headers: { ...bearer(token.user), 'accept-language': 'en' },
      })
      expect(firstError(english)?.detail).toBe(
        'Too many heavy requests at once from this account. Wait for the earlier ones and try again.',
      )
      // Another account is not held back, nor are the account's light requests.
      expect((await get(`/api/v2/items/${device()}/history?${day}`, 'admin')).statusCode).toBe(200)
      expect((await get('/api/v2/me', 'user')).statusCode).toBe(200)
    } finally {
      await release()
    }
    expect(app.heavyReads.inUse(userId.user!)).toBe(0)
    expect((await get(`/api/v2/items/${device()}/history?${day}`, 'user')).statusCode).toBe(200)
  })

  it('counts the fleet view too, and gives a slot back when the read fails', async () => {
    const release = holdSlots('creator')
    try {
      expect((await get('/api/v2/fleet', 'creator')).statusCode).toBe(429)
    } finally {
      await release()
    }
    expect((await get('/api/v2/fleet', 'creator')).statusCode).toBe(200)
    // A refused read (a device the account may not see) frees its slot: after many, the account still reads.
    const day = range(T0, T0 + 24 * 60 * MINUTE)
    const [other] = await app.db.select().from(users).where(eq(users.email, 'other-user@teplo.test'))
    for (let i = 0; i < 3; i++) {
      expect((await get(`/api/v2/items/${device()}/history?${day}`, 'otherUser')).statusCode).toBe(404)
    }
    expect(app.heavyReads.inUse(other!.id)).toBe(0)
  })
})
