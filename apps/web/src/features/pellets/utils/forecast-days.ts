import { intlLocale } from '../../../lib/i18n'

/**
 * A Kyiv calendar day ('YYYY-MM-DD') as a reader says it: «12 січня», "12 January"; with its year only when it is
 * more than about ten months away (a run-out next January needs none), written «січня 2028» without the «р.» that
 * would end a sentence twice.
 */
export function formatDay(day: string, today = new Date()): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  // Noon UTC is the same calendar day in Kyiv and in every European zone.
  const instant = new Date(Date.UTC(year, month - 1, date, 12))
  const distance = (instant.getTime() - today.getTime()) / 86_400_000
  const withYear = distance < -180 || distance > 300
  const parts = new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).formatToParts(instant)
  const yearAt = parts.findIndex((part) => part.type === 'year')
  // Ukrainian writes «2028 р.»: the year's abbreviation goes, the year stays.
  return (yearAt === -1 ? parts : parts.slice(0, yearAt + 1))
    .map((part) => part.value)
    .join('')
    .trim()
}

/** Whole days from one day to another ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number]
    return Date.UTC(year, month - 1, date)
  }
  return Math.round((utc(to) - utc(from)) / 86_400_000)
}

/** The forecast horizon the server stops at (two years): a run-out that far is "not in sight", not a date. */
export const HORIZON_DAYS = 730
