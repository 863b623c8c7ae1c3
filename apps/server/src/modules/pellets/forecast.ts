import type { ForecastDay } from '@teplo/domain'

// The run-out forecast of a pellet store (ADR 057): pure arithmetic over the recent days' burn, tested on its own.

/** One complete Kyiv day of readings: the pellets its burner energy stands for, and the share of it covered. */
export interface BurnDay {
  kg: number
  /** 0 … 1: the share of the day the device's readings cover. */
  coverage: number
  /** The day's heating degree-days (base 18 °C) from its average outdoor temperature; absent without one. */
  degreeDays?: number
}

/** A day counts when its readings cover at least half of it; its burn is scaled to the whole day. */
export const MIN_DAY_COVERAGE = 0.5
/** Fewer measured days than this say nothing honest about a rate. */
export const MIN_MEASURED_DAYS = 3
/** How many recent days the rate is taken from. */
export const RATE_WINDOW_DAYS = 14

export interface BurnRate {
  /** The median day, kg per day. */
  rate: number
  /** The quartiles: a slow and a fast day, the range's ends. */
  low: number
  high: number
  daysMeasured: number
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = Math.ceil(position)
  const lower = sorted[below] ?? 0
  const upper = sorted[above] ?? lower
  return lower + (upper - lower) * (position - below)
}

/** The burn rate of the measured days, or null with fewer than MIN_MEASURED_DAYS of them. */
export function burnRate(days: readonly BurnDay[]): BurnRate | null {
  const rates = days
    .filter((day) => day.coverage >= MIN_DAY_COVERAGE && Number.isFinite(day.kg) && day.kg >= 0)
    .map((day) => day.kg / Math.min(1, day.coverage))
    .sort((a, b) => a - b)
  if (rates.length < MIN_MEASURED_DAYS) return null
  return {
    rate: quantile(rates, 0.5),
    low: quantile(rates, 0.25),
    high: quantile(rates, 0.75),
    daysMeasured: rates.length,
  }
}

const DAY_MS = 86_400_000

/** A Kyiv calendar day plus whole days ('YYYY-MM-DD' arithmetic on the date alone, no clock involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from one calendar day to another ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** Forecasts no further than this: two years of pellets at a trickle is "not in sight", not a date. */
export const MAX_FORECAST_DAYS = 730

/** The day `kg` lasts to from `today` at `perDay`; a rate of zero (the boiler idle) lasts to the horizon. */
function lastsUntil(today: string, kg: number, perDay: number): string {
  const days = perDay > 0 ? Math.floor(Math.max(0, kg) / perDay) : MAX_FORECAST_DAYS
  return addDays(today, Math.min(days, MAX_FORECAST_DAYS))
}

/** When `kg` runs out at the median rate, the fast quartile giving the earliest day and the slow one the latest. */
export function runOut(today: string, kg: number, rate: BurnRate): ForecastDay {
  return {
    date: lastsUntil(today, kg, rate.rate),
    earliest: lastsUntil(today, kg, rate.high),
    latest: lastsUntil(today, kg, rate.low),
  }
}

/** Pellets per degree-day: the median of the measured days' kg ÷ degree-days, the quartiles its range. */
export interface DegreeDayRate {
  perDegreeDay: number
  low: number
  high: number
  daysMeasured: number
  /** Degree-days the coming days are expected to have, from today on (index 0 is today). */
  expected: (dayIndex: number) => number
}

/** Days colder than this many degree-days (about 15 °C outdoors) measure the heating; milder ones mostly hot water. */
export const MIN_DAY_DEGREE_DAYS = 3

/**
 * The degree-day rate of the measured days with an outdoor temperature, or null with fewer than
 * MIN_MEASURED_DAYS heating days among them. `expected` gives the coming days' degree-days.
 */
export function degreeDayRate(
  days: readonly BurnDay[],
  expected: (dayIndex: number) => number,
): DegreeDayRate | null {
  const rates = days
    .filter(
      (day) =>
        day.coverage >= MIN_DAY_COVERAGE &&
        day.degreeDays !== undefined &&
        day.degreeDays >= MIN_DAY_DEGREE_DAYS &&
        Number.isFinite(day.kg) &&
        day.kg >= 0,
    )
    .map((day) => day.kg / Math.min(1, day.coverage) / day.degreeDays!)
    .sort((a, b) => a - b)
  if (rates.length < MIN_MEASURED_DAYS) return null
  return {
    perDegreeDay: quantile(rates, 0.5),
    low: quantile(rates, 0.25),
    high: quantile(rates, 0.75),
    daysMeasured: rates.length,
    expected,
  }
}

/**
 * The coming days' degree-days: the same calendar day a year ago where its outdoor temperature is known
 * (`lastYear`, by 'MM-DD'), else the recent days' average.
 */
export function degreeDayExpectation(
  today: string,
  lastYear: ReadonlyMap<string, number>,
  recentAverage: number,
): (dayIndex: number) => number {
  return (dayIndex) => lastYear.get(addDays(today, dayIndex).slice(5)) ?? recentAverage
}

/** The day `kg` lasts to from `today`, burning `perDegreeDay` for each expected degree-day. */
function lastsUntilByDegreeDays(
  today: string,
  kg: number,
  perDegreeDay: number,
  expected: (dayIndex: number) => number,
): string {
  let left = Math.max(0, kg)
  for (let day = 0; day < MAX_FORECAST_DAYS; day++) {
    left -= perDegreeDay * expected(day)
    if (left < 0) return addDays(today, day)
  }
  return addDays(today, MAX_FORECAST_DAYS)
}

/** When `kg` runs out by degree-days: the median rate, the fast quartile the earliest day, the slow the latest. */
export function runOutByDegreeDays(today: string, kg: number, rate: DegreeDayRate): ForecastDay {
  return {
    date: lastsUntilByDegreeDays(today, kg, rate.perDegreeDay, rate.expected),
    earliest: lastsUntilByDegreeDays(today, kg, rate.high, rate.expected),
    latest: lastsUntilByDegreeDays(today, kg, rate.low, rate.expected),
  }
}

export interface StoreForecastInput {
  today: string
  /** The hopper estimate; null before the first refill (the store's run-out then counts the store alone). */
  hopperKg: number | null
  stockKg: number
  minStockKg: number
  reorderLeadDays: number
  rate: BurnRate | null
  /** In the heating season with outdoor temperatures: the degree-day rate, which the forecast then rests on. */
  degreeDays?: DegreeDayRate | null
}

export interface StoreForecast {
  basis: 'burn_rate' | 'degree_days' | null
  days_measured: number
  hopper_run_out: ForecastDay | null
  store_run_out: ForecastDay | null
  reorder_by: string | null
  reorder_due: boolean
  /** Pellets per heating degree-day (the median of the measured days) when the basis is degree_days. */
  kg_per_degree_day: number | null
}

/**
 * The store's forecast: the hopper's run-out, the hopper's and the store's together, and the last day to order so
 * that a delivery `reorderLeadDays` away arrives before the pellets fall to the reserve — planned on the earliest
 * run-out (the fast days), since a cold house costs more than pellets ordered a few days early.
 */
export function storeForecast(input: StoreForecastInput): StoreForecast {
  const { today, rate } = input
  const degree = input.degreeDays ?? null
  if (!rate && !degree) {
    return {
      basis: null,
      days_measured: 0,
      hopper_run_out: null,
      store_run_out: null,
      reorder_by: null,
      reorder_due: false,
      kg_per_degree_day: null,
    }
  }
  const lasts = (kg: number) =>
    degree ? runOutByDegreeDays(today, kg, degree) : runOut(today, kg, rate as BurnRate)
  const hopper = input.hopperKg ?? 0
  const total = hopper + input.stockKg
  const usable = lasts(total - input.minStockKg)
  const candidate = addDays(usable.earliest, -input.reorderLeadDays)
  // Days compare as text ('YYYY-MM-DD'); a day already past is today.
  let reorderBy = candidate
  if (reorderBy < today) reorderBy = today
  return {
    basis: degree ? 'degree_days' : 'burn_rate',
    days_measured: degree ? degree.daysMeasured : (rate as BurnRate).daysMeasured,
    hopper_run_out: input.hopperKg === null ? null : lasts(input.hopperKg),
    store_run_out: lasts(total),
    reorder_by: reorderBy,
    reorder_due: reorderBy <= today,
    kg_per_degree_day: degree ? Math.round(degree.perDegreeDay * 1000) / 1000 : null,
  }
}
