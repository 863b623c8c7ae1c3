import { DEGREE_DAY_BASE_C } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'

// Heating degree-days (base 18 °C) from each Kyiv day's average outdoor temperature (telemetry_1d, reported by
// controllers with an outdoor sensor): a day at −2 °C counts 20, a day at 18 °C or warmer none.

/** The degree-days of one day whose average outdoor temperature is `averageC`. */
export const degreeDaysOf = (averageC: number) => Math.max(0, DEGREE_DAY_BASE_C - averageC)

export interface DayOutdoor {
  /** The Kyiv day's start. */
  bucket: Date
  averageC: number
  degreeDays: number
  energyKwh: number
  coveredS: number
}

/** Each day in [from, to) that has an outdoor temperature, with its energy and coverage. */
export async function outdoorDays(db: Database, itemId: number, from: Date, to: Date): Promise<DayOutdoor[]> {
  const result = await db.execute(sql`
    select bucket, outdoor_temp_sum / outdoor_temp_n as average, energy_kwh, covered_s from telemetry_1d
    where item_id = ${itemId}::int and bucket >= ${from.toISOString()}::timestamptz
      and bucket < ${to.toISOString()}::timestamptz and outdoor_temp_n > 0
    order by bucket`)
  return rowsOf<{
    bucket: Date | string
    average: number | string
    energy_kwh: number | string
    covered_s: number | string
  }>(result).map((row) => {
    const averageC = Number(row.average)
    return {
      bucket: new Date(row.bucket),
      averageC,
      degreeDays: degreeDaysOf(averageC),
      energyKwh: Number(row.energy_kwh),
      coveredS: Number(row.covered_s),
    }
  })
}

/** The degree-days of [from, to) over the days with an outdoor temperature, and how many days those are. */
export async function degreeDaysBetween(db: Database, itemId: number, from: Date, to: Date) {
  const days = await outdoorDays(db, itemId, from, to)
  return {
    degreeDays: days.length === 0 ? null : days.reduce((sum, day) => sum + day.degreeDays, 0),
    days: days.length,
  }
}
