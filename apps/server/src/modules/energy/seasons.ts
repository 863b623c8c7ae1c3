import { kyivMidnight } from '../history/history-slices.ts'

// Heating seasons on Kyiv's calendar (ADR 058): 'MM-DD' to 'MM-DD' inclusive, crossing the new year when the
// start comes after the end in the year (1 Sep – 31 May). Pure date arithmetic, tested on its own.

export interface SeasonSpan {
  /** '2025/26', or '2026' when the season does not cross the new year. */
  label: string
  /** The first day and the day after the last ('YYYY-MM-DD', Kyiv). */
  firstDay: string
  endDay: string
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** 'MM-DD' in a given year; 29 February is the 28th in a year without it. */
function dayIn(year: number, monthDay: string): string {
  const text = monthDay === '02-29' && !isLeap(year) ? '02-28' : monthDay
  return `${year}-${text}`
}

const nextDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
}

/** The season that starts in `year`. */
export function seasonStartingIn(year: number, start: string, end: string): SeasonSpan {
  const crosses = end < start
  const endYear = crosses ? year + 1 : year
  return {
    label: crosses ? `${year}/${String(endYear % 100).padStart(2, '0')}` : String(year),
    firstDay: dayIn(year, start),
    endDay: nextDay(dayIn(endYear, end)),
  }
}

/**
 * The season under way on `today` (or the last one that ended, out of season) and whether it is under way, then
 * the one before it.
 */
export function recentSeasons(
  today: string,
  start: string,
  end: string,
): { season: SeasonSpan; current: boolean }[] {
  const year = Number(today.slice(0, 4))
  const startYear = dayIn(year, start) <= today ? year : year - 1
  const latest = seasonStartingIn(startYear, start, end)
  return [
    { season: latest, current: today < latest.endDay },
    { season: seasonStartingIn(startYear - 1, start, end), current: false },
  ]
}

/** The instant a Kyiv calendar day begins. */
export const kyivDayStart = (day: string): Date => kyivMidnight(new Date(`${day}T12:00:00Z`))
