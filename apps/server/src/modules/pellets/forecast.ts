import type { ForecastDay } from '@teplo/domain'

// The run-out forecast of a pellet store (ADR 057): pure arithmetic over the recent days' burn, tested on its own.

/** One complete Kyiv day of readings: the pellets its burner energy stands for, and the share of it covered. */
export interface BurnDay {
  kg: number
  /** 0 … 1: the share of the day the device's readings cover. */
  coverage: number
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

export interface StoreForecastInput {
  today: string
  /** The hopper estimate; null before the first refill (the store's run-out then counts the store alone). */
  hopperKg: number | null
  stockKg: number
  minStockKg: number
  reorderLeadDays: number
  rate: BurnRate | null
}

export interface StoreForecast {
  basis: 'burn_rate' | null
  days_measured: number
  hopper_run_out: ForecastDay | null
  store_run_out: ForecastDay | null
  reorder_by: string | null
  reorder_due: boolean
}

/**
 * The store's forecast: the hopper's run-out, the hopper's and the store's together, and the last day to order so
 * that a delivery `reorderLeadDays` away arrives before the pellets fall to the reserve — planned on the earliest
 * run-out (the fast days), since a cold house costs more than pellets ordered a few days early.
 */
export function storeForecast(input: StoreForecastInput): StoreForecast {
  const { today, rate } = input
  if (!rate) {
    return {
      basis: null,
      days_measured: 0,
      hopper_run_out: null,
      store_run_out: null,
      reorder_by: null,
      reorder_due: false,
    }
  }
  const hopper = input.hopperKg ?? 0
  const total = hopper + input.stockKg
  const usable = runOut(today, total - input.minStockKg, rate)
  const candidate = addDays(usable.earliest, -input.reorderLeadDays)
  // Days compare as text ('YYYY-MM-DD'); a day already past is today.
  let reorderBy = candidate
  if (reorderBy < today) reorderBy = today
  return {
    basis: 'burn_rate',
    days_measured: rate.daysMeasured,
    hopper_run_out: input.hopperKg === null ? null : runOut(today, input.hopperKg, rate),
    store_run_out: runOut(today, total, rate),
    reorder_by: reorderBy,
    reorder_due: reorderBy <= today,
  }
}
