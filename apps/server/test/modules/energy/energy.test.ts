import { energyCountersDocumentSchema, type TelemetryMessage } from '@teplo/domain'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { itemAudit, items } from '../../../src/db/schema.ts'
import { type SerialTelemetry, storeReadings } from '../../../src/modules/device-link/telemetry-store.ts'
import { energyCountersDocument } from '../../../src/modules/energy/energy.service.ts'
import { pelletStoreDocument } from '../../../src/modules/pellets/pellets.service.ts'
import { bearer } from '../../support/helper.ts'
import { app, firstError, get, itemId, token, useItemsFixture } from '../../support/items-fixture.ts'

// GET /items/{id}/energy: totals since the first reading and the heating seasons, each counter saying where it
// comes from; PATCH sets the season, bad input 422 with nothing stored.

useItemsFixture()

const SERIAL = '100003'
const device = () => itemId[SERIAL]!
const url = () => `/api/v2/items/${device()}/energy`
const MINUTE = 60_000
// Two whole Kyiv days in each season: 1–2 December 2025 (no counters, 0 °C) and 1–2 November 2026 (counters, 8 °C).
const LAST_SEASON = Date.parse('2025-11-30T22:00:00Z')
const THIS_SEASON = Date.parse('2026-10-31T22:00:00Z')
const PER_RUN = 2 * 1440
const NOW = new Date('2026-11-20T10:00:00Z')
const YEAR = 365 * 86_400_000
const COMPARED = '100004'
const RAW = '100001'

const lit = (i: number) => i % 60 < 40

function run(
  start: number,
  counters: boolean,
  serial = SERIAL,
  outdoor: number | null = counters ? 8 : 0,
): SerialTelemetry[] {
  let hours = 1000
  let ignitions = 4000
  return Array.from({ length: PER_RUN }, (_, i) => {
    if (i > 0 && lit(i)) hours += 1 / 60
    if (i > 0 && lit(i) && !lit(i - 1)) ignitions += 1
    const message: TelemetryMessage = {
      boot_id: `b${start}`,
      seq: i,
      ts: new Date(start + i * MINUTE).toISOString(),
      heater_temp: 60,
      boiler_temp: 45,
      gas_temp: 120,
      burner_power: lit(i) ? 12 : 0,
      flame_brightness: 50,
      work_mode: 6,
      pump_mode: 1,
      burner_on: lit(i),
      settings_version: 1,
      ...(outdoor === null ? {} : { outdoor_temp: outdoor }),
      ...(counters ? { burner_hours: hours, ignitions } : {}),
    }
    return { serial, message }
  })
}

const indexes = Array.from({ length: PER_RUN }, (_, i) => i)
const litMinutes = indexes.filter((i) => i > 0 && lit(i)).length
const edges = indexes.filter((i) => i > 0 && lit(i) && !lit(i - 1)).length

beforeAll(async () => {
  await app.db
    .update(items)
    .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
    .where(eq(items.id, device()))
  for (const [start, counters] of [
    [LAST_SEASON, false],
    [THIS_SEASON, true],
  ] as const) {
    const readings = run(start, counters)
    for (let i = 0; i < readings.length; i += 500) await storeReadings(app.db, readings.slice(i, i + 500))
  }
  // For the year-on-year comparison: 1–2 November 2025 at 0 °C and 2026 at 8 °C on one device, the same days
  // without an outdoor sensor on another.
  for (const [serial, outdoor] of [
    [COMPARED, [0, 8]],
    [RAW, [null, null]],
  ] as const) {
    for (const [start, temp] of [
      [THIS_SEASON - YEAR, outdoor[0]],
      [THIS_SEASON, outdoor[1]],
    ] as const) {
      const readings = run(start, false, serial, temp)
      for (let i = 0; i < readings.length; i += 500) await storeReadings(app.db, readings.slice(i, i + 500))
    }
  }
})

const patch = (attributes: object, who: 'user' | 'otherUser' = 'user') =>
  app.inject({
    method: 'PATCH',
    url: url(),
    headers: bearer(token[who]),
    payload: { data: { type: 'energy-counters', id: String(device()), attributes } },
  })

describe('energy counters', () => {
  it('count since the first reading, taking the controller’s own counters where it reports them', async () => {
    const doc = energyCountersDocumentSchema.parse(await energyCountersDocument(app.db, device(), NOW))
    const a = doc.data.attributes
    expect(a.since).toBe('2025-11-30T22:00:00.000Z')
    expect(a.energy_kwh_total).toBeCloseTo((2 * litMinutes * 12) / 60, 0)
    expect(a.sources).toEqual({
      energy_kwh_total: 'derived',
      fuel_kg_total: 'derived',
      burner_hours_total: 'controller',
      ignitions_total: 'controller',
    })
    // The controller's figure since its commissioning (it started at 1000 h and 4000 ignitions).
    expect(a.burner_hours_total).toBeCloseTo(1000 + litMinutes / 60, 1)
    expect(a.ignitions_total).toBe(4000 + edges)
  })

  it('give the season under way and the one before, with degree-days and honest sources', async () => {
    const a = (await energyCountersDocument(app.db, device(), NOW)).data.attributes
    expect([a.season_start, a.season_end]).toEqual(['09-01', '05-31'])
    const [current, previous] = a.seasons
    expect(current).toMatchObject({
      label: '2026/27',
      start: '2026-08-31T21:00:00.000Z',
      end: '2027-05-31T21:00:00.000Z',
      until: NOW.toISOString(),
      current: true,
      burner_hours_source: 'controller',
      ignitions_source: 'controller',
      ignitions: edges,
      degree_days: 20,
      outdoor_days: 2,
    })
    expect(current?.burner_hours).toBeCloseTo(litMinutes / 60, 1)
    expect(previous).toMatchObject({
      label: '2025/26',
      until: '2026-05-31T21:00:00.000Z',
      current: false,
      burner_hours_source: 'derived',
      ignitions_source: 'derived',
      ignitions: edges,
      degree_days: 36,
      outdoor_days: 2,
    })
    expect(previous?.burner_hours).toBeCloseTo(litMinutes / 60, 1)
    expect(previous?.energy_kwh).toBeCloseTo((litMinutes * 12) / 60, 0)
  })

  it('answer whoever may see the device, and nobody else', async () => {
    const res = await get(url(), 'user')
    expect(res.statusCode).toBe(200)
    expect(energyCountersDocumentSchema.parse(res.json()).data.attributes.seasons).toHaveLength(2)
    expect((await get(url(), 'otherUser')).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401)
  })

  it('refuse a season day that is no day, or a season of one day, naming the field, storing nothing', async () => {
    for (const [attributes, field] of [
      [{ season_start: '13-01' }, 'season_start'],
      [{ season_end: '02-30' }, 'season_end'],
      [{ season_start: 9 }, 'season_start'],
      [{ season_start: '05-31' }, 'season_start'],
    ] as const) {
      const res = await patch(attributes)
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422)
      expect(firstError(res)?.source?.pointer).toBe(`/data/attributes/${field}`)
    }
    const a = energyCountersDocumentSchema.parse((await get(url(), 'user')).json()).data.attributes
    expect([a.season_start, a.season_end]).toEqual(['09-01', '05-31'])
    expect((await patch({ season_start: '10-01' }, 'otherUser')).statusCode).toBe(404)
  })

  it('take a new season, which moves the seasons counted', async () => {
    const res = await patch({ season_start: '10-15', season_end: '04-15' })
    expect(res.statusCode).toBe(200)
    const a = energyCountersDocumentSchema.parse(res.json()).data.attributes
    expect([a.season_start, a.season_end]).toEqual(['10-15', '04-15'])
    const later = (await energyCountersDocument(app.db, device(), NOW)).data.attributes.seasons
    expect(later[0]?.start).toBe('2026-10-14T21:00:00.000Z')
    expect(later[1]?.end).toBe('2026-04-15T21:00:00.000Z')
    // In the change log, each day that moved; the same season sent again writes nothing.
    expect((await patch({ season_start: '10-15' })).statusCode).toBe(200)
    const logged = await app.db
      .select()
      .from(itemAudit)
      .where(and(eq(itemAudit.itemId, device()), eq(itemAudit.action, 'heating-season')))
    expect(logged.map((entry) => entry.changes)).toEqual([
      { season_start: { from: '09-01', to: '10-15' }, season_end: { from: '05-31', to: '04-15' } },
    ])
  })
})

describe('consumption compared with the year before', () => {
  const compare = async (serial: string, extra = '&compare_to=previous_year') => {
    const from = new Date(THIS_SEASON).toISOString()
    const to = new Date(THIS_SEASON + 2 * 86_400_000).toISOString()
    return get(
      `/api/v2/items/${itemId[serial]!}/consumption?from=${from}&to=${to}&period=day${extra}`,
      serial === COMPARED ? 'creator' : 'admin',
    )
  }

  it('gives the same days a year earlier, normalised by degree-days where both have outdoor temperatures', async () => {
    const res = await compare(COMPARED)
    expect(res.statusCode).toBe(200)
    const a = res.json().data.attributes
    const c = a.comparison
    expect(c).toMatchObject({
      compare: 'previous_year',
      from: '2025-10-31T22:00:00.000Z',
      to: '2025-11-02T22:00:00.000Z',
      normalisation: 'degree_days',
      degree_days: 20,
      previous_degree_days: 36,
      outdoor_days: 2,
      previous_outdoor_days: 2,
    })
    expect(c.periods.map((p: { start: string }) => p.start)).toEqual([
      '2025-10-31T22:00:00.000Z',
      '2025-11-01T22:00:00.000Z',
    ])
    // The same burn in milder weather: last year's, scaled to this year's 20 degree-days, is less; this year 80 % more.
    expect(c.totals.energy_kwh).toBeCloseTo(a.totals.energy_kwh, 1)
    expect(c.normalised_energy_kwh).toBeCloseTo((c.totals.energy_kwh * 20) / 36, 1)
    expect(c.change).toBeCloseTo(0.8, 2)
  })

  it('compares raw, and says so, without outdoor temperatures', async () => {
    const c = (await compare(RAW)).json().data.attributes.comparison
    expect(c).toMatchObject({
      normalisation: 'raw',
      degree_days: null,
      previous_degree_days: null,
      normalised_energy_kwh: null,
      change: 0,
    })
  })

  it('leaves the comparison out unless asked, and refuses an unknown one naming the parameter', async () => {
    expect((await compare(COMPARED, '')).json().data.attributes).not.toHaveProperty('comparison')
    const bad = await compare(COMPARED, '&compare_to=last_week')
    expect(bad.statusCode).toBe(400)
    expect(firstError(bad)?.source).toEqual({ parameter: 'compare_to' })
  })
})

describe('the pellet forecast in the heating season', () => {
  it('rests on degree-days where the controller reports the outdoor temperature', async () => {
    // Four more days at 8 °C (10 degree-days each) after 1–2 November: six measured days in all.
    const readings = run(THIS_SEASON + 4 * 86_400_000, false, COMPARED, 8)
    const more = [...readings, ...run(THIS_SEASON + 6 * 86_400_000, false, COMPARED, 8)]
    for (let i = 0; i < more.length; i += 500) await storeReadings(app.db, more.slice(i, i + 500))
    const id = itemId[COMPARED]!
    const now = new Date('2026-11-09T10:00:00Z')
    const forecast = (await pelletStoreDocument(app.db, id, now)).data.attributes.forecast
    expect(forecast.basis).toBe('degree_days')
    expect(forecast.days_measured).toBe(6)
    // 8 kW on average: 192 kWh a day, 44.4 kg at 4.8 kWh/kg and 90 %: 4.44 kg per degree-day.
    expect(forecast.kg_per_degree_day).toBeCloseTo(4.44, 1)
    // Out of the season the same readings give the burn rate.
    await patchAs('creator', { season_start: '12-01', season_end: '03-31' }, id)
    const outOfSeason = (await pelletStoreDocument(app.db, id, now)).data.attributes.forecast
    expect([outOfSeason.basis, outOfSeason.kg_per_degree_day]).toEqual(['burn_rate', null])
  })
})

const patchAs = (who: 'creator', attributes: object, id: number) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v2/items/${id}/energy`,
    headers: bearer(token[who]),
    payload: { data: { type: 'energy-counters', id: String(id), attributes } },
  })
