import {
  type ConsumptionComparison,
  type ConsumptionPeriod,
  FUEL_DEFAULTS,
  type FuelSettingsPatch,
  type HopperRefill,
  type itemConsumptionDocumentSchema,
  type itemFuelDocumentSchema,
  kyivDate,
  msg,
  refillMaxKg,
  refillRangeMessage,
} from '@teplo/domain'
import { desc, eq, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { invalidField, invalidParameter } from '../../lib/api-error.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { type AuditChanges, recordAudit } from '../audit/item-audit.ts'
import { degreeDaysBetween } from '../energy/degree-days.ts'
import type { Caller } from '../items/item-access.ts'
import { itemFor, visibleItem } from '../items/item-access.ts'
import { TIME_ZONE, toDate } from './history.service.ts'
import { hopperRefills, itemFuel } from './history.tables.ts'
import { assertRangeOrder } from './history-query.ts'
import { kyivMidnight, nextKyivMidnight } from './history-slices.ts'

type ConsumptionDocument = z.infer<typeof itemConsumptionDocumentSchema>
type FuelDocument = z.infer<typeof itemFuelDocumentSchema>

// Fuel = burner energy / (calorific value × efficiency). The energy of each reading is its burner power times
// the seconds it stands for (0 after a gap), summed into the rollups as readings are stored; coverage is the
// share of a period those seconds fill. A period without readings is a gap with coverage 0, never a zero burn.

const DAY_MS = 86_400_000
/** Longest consumption range: two years of days, weeks or months. */
const MAX_CONSUMPTION_DAYS = 731
const RATE_DAYS = 7
/** The burn rate needs at least this much of the last week covered by readings. */
const MIN_RATE_COVERAGE_S = 86_400

export interface FuelParameters {
  calorificValue: number
  boilerEfficiency: number
  pelletPricePerTonne: number | null
  hopperCapacityKg: number | null
}

export async function fuelParameters(db: Database, itemId: number): Promise<FuelParameters> {
  const [row] = await db.select().from(itemFuel).where(eq(itemFuel.itemId, itemId))
  return {
    calorificValue: row?.calorificValue ?? FUEL_DEFAULTS.calorific_value,
    boilerEfficiency: row?.boilerEfficiency ?? FUEL_DEFAULTS.boiler_efficiency,
    pelletPricePerTonne: row?.pelletPricePerTonne ?? null,
    hopperCapacityKg: row?.hopperCapacityKg ?? null,
  }
}

type FuelRow = Partial<typeof itemFuel.$inferSelect>

/** The stored settings as the change log names them (wire names); a missing row is the defaults. */
function fuelOf(row: FuelRow) {
  return {
    calorific_value: row.calorificValue ?? FUEL_DEFAULTS.calorific_value,
    boiler_efficiency: row.boilerEfficiency ?? FUEL_DEFAULTS.boiler_efficiency,
    pellet_price_per_tonne: row.pelletPricePerTonne ?? null,
    hopper_capacity_kg: row.hopperCapacityKg ?? null,
  }
}

/** What a fuel settings change changed: a value sent again as it was is no change. */
function fuelChanges(
  before: ReturnType<typeof fuelOf> | null,
  after: ReturnType<typeof fuelOf>,
): AuditChanges {
  const from = before ?? fuelOf({})
  const changes: AuditChanges = {}
  for (const name of Object.keys(after) as (keyof typeof after)[]) {
    if (from[name] !== after[name]) changes[name] = { from: from[name], to: after[name] }
  }
  return changes
}

export const fuelKg = (energyKwh: number, fuel: FuelParameters) =>
  energyKwh / (fuel.calorificValue * fuel.boilerEfficiency)

export const fuelCost = (kg: number, fuel: FuelParameters) =>
  fuel.pelletPricePerTonne === null ? null : (kg * fuel.pelletPricePerTonne) / 1000

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits

const HOUR_MS = 3_600_000
const floorHour = (date: Date) => new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS)
const ceilHour = (date: Date) => new Date(Math.ceil(date.getTime() / HOUR_MS) * HOUR_MS)

const ENERGY_COLUMNS = sql.raw('bucket, energy_kwh, covered_s')

/**
 * The rollup rows (bucket, energy_kwh, covered_s, or the `columns` every rollup has) that cover [from, to): whole hours from the hourly rollup, the
 * partial hours at either end from the minute one — 60 times fewer rows than minutes alone, exact at the ends.
 */
export function energyRows(itemId: number, from: Date, to: Date, columns: SQL = ENERGY_COLUMNS): SQL {
  const id = sql`${itemId}::int`
  const minutes = (a: Date, b: Date) =>
    sql`select ${columns} from telemetry_1m where item_id = ${id}
      and bucket >= date_trunc('minute', ${a.toISOString()}::timestamptz) and bucket < ${b.toISOString()}::timestamptz`
  const hours = (a: Date, b: Date) =>
    sql`select ${columns} from telemetry_1h where item_id = ${id}
      and bucket >= ${a.toISOString()}::timestamptz and bucket < ${b.toISOString()}::timestamptz`
  const firstHour = ceilHour(from)
  const lastHour = floorHour(to)
  if (firstHour >= lastHour) return minutes(from, to)
  // Whole Kyiv days from the daily energy (one row a day), the hours around them from the hourly rollup.
  const firstDay =
    kyivMidnight(firstHour).getTime() === firstHour.getTime() ? firstHour : nextKyivMidnight(firstHour)
  const lastDay = kyivMidnight(lastHour)
  const middle =
    firstDay < lastDay
      ? sql`${hours(firstHour, firstDay)}
        union all
        select ${columns} from telemetry_1d where item_id = ${id}
          and bucket >= ${firstDay.toISOString()}::timestamptz and bucket < ${lastDay.toISOString()}::timestamptz
        union all
        ${hours(lastDay, lastHour)}`
      : hours(firstHour, lastHour)
  return sql`${minutes(from, firstHour)}
    union all
    ${middle}
    union all
    ${minutes(lastHour, to)}`
}

/** Energy (kWh) and covered seconds of the readings between two instants. */
export async function energyBetween(db: Database, itemId: number, from: Date, to: Date) {
  const result = await db.execute(sql`
    select coalesce(sum(energy_kwh), 0) as energy, coalesce(sum(covered_s), 0) as covered
    from (${energyRows(itemId, from, to)}) rows`)
  const [row] = rowsOf<{ energy: number | string; covered: number | string }>(result)
  return { energy: Number(row?.energy ?? 0), covered: Number(row?.covered ?? 0) }
}

type ConsumptionFigures = Pick<ConsumptionDocument['data']['attributes'], 'periods' | 'totals'>

/** The periods of [from, to) on Kyiv's calendar, with their energy, fuel, cost and coverage, and their totals. */
async function consumptionFigures(
  db: Database,
  itemId: number,
  range: { from: Date; to: Date; period: ConsumptionPeriod },
  fuel: FuelParameters,
  now: Date,
): Promise<ConsumptionFigures> {
  const { from, to, period } = range
  // Calendar periods on Kyiv's clock, cut to the range; whole hours line up with Kyiv's days, weeks and months,
  // so each rollup row falls in exactly one period. The rows are summed per period first (one pass over them,
  // named by the period's local start) and joined to the periods by that name: two years of days are 730
  // periods and about as many daily rows (the hours and minutes at the ends aside), one hash join, not a range
  // comparison of every row with every period.
  const every = sql.raw(`interval '1 ${period}'`)
  const result = await db.execute(sql`
    with periods as (
      select local_start,
        local_start at time zone ${TIME_ZONE} as period_start,
        (local_start + ${every}) at time zone ${TIME_ZONE} as period_end
      from generate_series(
        date_trunc(${period}, ${from.toISOString()}::timestamptz at time zone ${TIME_ZONE}),
        ${to.toISOString()}::timestamptz at time zone ${TIME_ZONE},
        ${every}) as local_start
    ),
    cut as (
      select local_start, greatest(period_start, ${from.toISOString()}::timestamptz) as start,
        least(period_end, ${to.toISOString()}::timestamptz) as finish
      from periods
    ),
    sums as (
      select date_trunc(${period}, m.bucket at time zone ${TIME_ZONE}) as local_start,
        sum(m.energy_kwh) as energy, sum(m.covered_s) as covered
      from (${energyRows(itemId, from, to)}) m
      group by 1
    )
    select c.start, c.finish, coalesce(s.energy, 0) as energy, coalesce(s.covered, 0) as covered
    from cut c
    left join sums s on s.local_start = c.local_start
    where c.finish > c.start
    order by c.start`)
  const rows = rowsOf<{
    start: Date | string
    finish: Date | string
    energy: number | string
    covered: number | string
  }>(result)
  let totalEnergy = 0
  let totalCovered = 0
  let totalSpan = 0
  const periods = rows.map((row) => {
    const start = toDate(row.start)
    const end = toDate(row.finish)
    const energy = Number(row.energy)
    const covered = Number(row.covered)
    // Only the part of a period that has already happened can be covered.
    const span = Math.max(0, Math.min(end.getTime(), now.getTime()) - start.getTime()) / 1000
    totalEnergy += energy
    totalCovered += covered
    totalSpan += span
    const kg = fuelKg(energy, fuel)
    const cost = fuelCost(kg, fuel)
    return {
      start: start.toISOString(),
      end: end.toISOString(),
      energy_kwh: round(energy),
      fuel_kg: round(kg),
      cost: cost === null ? null : round(cost, 2),
      coverage: span === 0 ? 0 : round(Math.min(1, covered / span), 4),
    }
  })
  const totalKg = fuelKg(totalEnergy, fuel)
  const totalCost = fuelCost(totalKg, fuel)
  return {
    periods,
    totals: {
      energy_kwh: round(totalEnergy),
      fuel_kg: round(totalKg),
      cost: totalCost === null ? null : round(totalCost, 2),
      coverage: totalSpan === 0 ? 0 : round(Math.min(1, totalCovered / totalSpan), 4),
    },
  }
}

/** The same instant of the Kyiv calendar a year earlier (29 February is the 28th). */
export function yearEarlier(instant: Date): Date {
  const midnight = kyivMidnight(instant)
  const day = kyivDate(instant)
  const year = Number(day.slice(0, 4)) - 1
  let monthDay = day.slice(5)
  if (monthDay === '02-29') monthDay = '02-28'
  const earlierMidnight = kyivMidnight(new Date(`${year}-${monthDay}T12:00:00Z`))
  return new Date(earlierMidnight.getTime() + (instant.getTime() - midnight.getTime()))
}

/** The same periods a year earlier, normalised by degree-days where both ranges have outdoor temperatures. */
async function previousYear(
  db: Database,
  itemId: number,
  query: { from: Date; to: Date; period: ConsumptionPeriod },
  current: ConsumptionFigures,
  fuel: FuelParameters,
  now: Date,
): Promise<ConsumptionComparison> {
  const from = yearEarlier(query.from)
  const to = yearEarlier(query.to)
  const [figures, thisDegree, previousDegree] = await Promise.all([
    consumptionFigures(db, itemId, { from, to, period: query.period }, fuel, now),
    degreeDaysBetween(db, itemId, query.from, query.to),
    degreeDaysBetween(db, itemId, from, to),
  ])
  const normalised =
    thisDegree.degreeDays !== null && previousDegree.degreeDays !== null && previousDegree.degreeDays > 0
  const previousEnergy = figures.totals.energy_kwh
  const comparable = normalised
    ? (previousEnergy * thisDegree.degreeDays!) / previousDegree.degreeDays!
    : previousEnergy
  return {
    compare: 'previous_year',
    from: from.toISOString(),
    to: to.toISOString(),
    periods: figures.periods,
    totals: figures.totals,
    normalisation: normalised ? 'degree_days' : 'raw',
    degree_days: thisDegree.degreeDays === null ? null : round(thisDegree.degreeDays, 1),
    previous_degree_days: previousDegree.degreeDays === null ? null : round(previousDegree.degreeDays, 1),
    outdoor_days: thisDegree.days,
    previous_outdoor_days: previousDegree.days,
    normalised_energy_kwh: normalised ? round(comparable) : null,
    normalised_fuel_kg: normalised ? round(fuelKg(comparable, fuel)) : null,
    change: comparable > 0 ? round(current.totals.energy_kwh / comparable - 1, 4) : null,
  }
}

export async function itemConsumption(
  db: Database,
  caller: Caller,
  itemId: number,
  query: { from: Date; to: Date; period: ConsumptionPeriod; compare_to?: ConsumptionComparison['compare'] },
  now = new Date(),
): Promise<ConsumptionDocument> {
  await visibleItem(db, caller, itemId)
  assertRangeOrder(query.from, query.to)
  const { from, to, period } = query
  if (to.getTime() - from.getTime() > MAX_CONSUMPTION_DAYS * DAY_MS) {
    throw invalidParameter('to', msg('server.history.periodTooLong', { days: MAX_CONSUMPTION_DAYS }))
  }
  const fuel = await fuelParameters(db, itemId)
  const figures = await consumptionFigures(db, itemId, query, fuel, now)
  const comparison =
    query.compare_to === 'previous_year'
      ? await previousYear(db, itemId, query, figures, fuel, now)
      : undefined
  return {
    data: {
      type: 'item-consumptions',
      id: String(itemId),
      attributes: {
        from: from.toISOString(),
        to: to.toISOString(),
        period,
        time_zone: TIME_ZONE,
        calorific_value: fuel.calorificValue,
        boiler_efficiency: fuel.boilerEfficiency,
        pellet_price_per_tonne: fuel.pelletPricePerTonne,
        currency: 'UAH',
        periods: figures.periods,
        totals: figures.totals,
        ...(comparison ? { comparison } : {}),
      },
      links: { self: `/api/v2/items/${itemId}/consumption` },
    },
  }
}

export async function fuelDocument(db: Database, itemId: number, now = new Date()): Promise<FuelDocument> {
  const fuel = await fuelParameters(db, itemId)
  const [refill] = await db
    .select()
    .from(hopperRefills)
    .where(eq(hopperRefills.itemId, itemId))
    .orderBy(desc(hopperRefills.refilledAt))
    .limit(1)
  const week = await energyBetween(db, itemId, new Date(now.getTime() - RATE_DAYS * DAY_MS), now)
  const rate =
    week.covered >= MIN_RATE_COVERAGE_S ? fuelKg(week.energy, fuel) / (week.covered / 86_400) : null
  let left: number | null = null
  if (refill) {
    const since = await energyBetween(db, itemId, refill.refilledAt, now)
    left = Math.max(0, refill.kg - fuelKg(since.energy, fuel))
  }
  return {
    data: {
      type: 'item-fuel',
      id: String(itemId),
      attributes: {
        calorific_value: fuel.calorificValue,
        boiler_efficiency: fuel.boilerEfficiency,
        pellet_price_per_tonne: fuel.pelletPricePerTonne,
        hopper_capacity_kg: fuel.hopperCapacityKg,
        last_refill_at: refill ? refill.refilledAt.toISOString() : null,
        last_refill_kg: refill ? refill.kg : null,
        fuel_left_kg: left === null ? null : round(left, 1),
        rate_kg_per_day: rate === null ? null : round(rate, 2),
        days_left: left === null || rate === null || rate <= 0 ? null : round(left / rate, 1),
      },
      links: { self: `/api/v2/items/${itemId}/fuel` },
    },
  }
}

export async function itemFuelDocument(db: Database, caller: Caller, itemId: number) {
  await visibleItem(db, caller, itemId)
  return fuelDocument(db, itemId)
}

/** Whoever operates the device (owner, installer, operator, admin) changes the fuel settings; what is not sent stays. */
export async function updateFuelSettings(
  db: Database,
  caller: Caller,
  itemId: number,
  patch: FuelSettingsPatch,
) {
  await itemFor(db, caller, itemId, 'operate')
  const values = {
    ...(patch.calorific_value !== undefined ? { calorificValue: patch.calorific_value } : {}),
    ...(patch.boiler_efficiency !== undefined ? { boilerEfficiency: patch.boiler_efficiency } : {}),
    ...(patch.pellet_price_per_tonne !== undefined
      ? { pelletPricePerTonne: patch.pellet_price_per_tonne }
      : {}),
    ...(patch.hopper_capacity_kg !== undefined ? { hopperCapacityKg: patch.hopper_capacity_kg } : {}),
  }
  await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(itemFuel).where(eq(itemFuel.itemId, itemId)).for('update')
    await tx
      .insert(itemFuel)
      .values({ itemId, ...values })
      .onConflictDoUpdate({ target: itemFuel.itemId, set: { ...values, updatedAt: new Date() } })
    const [after] = await tx.select().from(itemFuel).where(eq(itemFuel.itemId, itemId))
    const changes = fuelChanges(stored ? fuelOf(stored) : null, fuelOf(after ?? { itemId, ...values }))
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { itemId, actorId: caller.userId, action: 'fuel', changes })
  })
  return fuelDocument(db, itemId)
}

export const REFILL_NEEDS_KG = msg('server.history.fuelAmountRequired')

/** «Засипав бункер»: a refill of `kg`, or of the hopper's capacity. */
export async function recordRefill(db: Database, caller: Caller, itemId: number, body: HopperRefill) {
  await itemFor(db, caller, itemId, 'operate')
  const fuel = await fuelParameters(db, itemId)
  const kg = body.kg ?? fuel.hopperCapacityKg
  if (kg === null) throw invalidField('kg', REFILL_NEEDS_KG)
  // A hopper holds no more than its capacity (100 000 kg would promise pellets for years).
  const max = refillMaxKg(fuel.hopperCapacityKg)
  if (kg > max) throw invalidField('kg', refillRangeMessage(max))
  await db.transaction(async (tx) => {
    await tx.insert(hopperRefills).values({ itemId, kg })
    await recordAudit(tx, {
      itemId,
      actorId: caller.userId,
      action: 'refill',
      changes: { kg: { from: null, to: kg } },
    })
  })
  return fuelDocument(db, itemId)
}

/** Days of pellets left by the hopper estimate, or null without a refill or enough history (the alarms' fuel check). */
export async function estimatedFuelDaysLeft(
  db: Database,
  itemId: number,
  now = new Date(),
): Promise<number | null> {
  return (await fuelDocument(db, itemId, now)).data.attributes.days_left
}

/** Pellets left in the hopper by its estimate, or null before the first refill (the pellet store's forecast). */
export async function hopperLeftKg(db: Database, itemId: number, now = new Date()): Promise<number | null> {
  return (await fuelDocument(db, itemId, now)).data.attributes.fuel_left_kg
}
