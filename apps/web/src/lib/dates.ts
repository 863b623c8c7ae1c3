import type { Language } from '@teplo/domain'
import { currentLanguage, intlLocale } from './i18n'

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/

/** Reads a wire date ('YYYY-MM-DD HH:mm:ss', UTC); anything else gives null. */
export function parseWireDate(value: string | null | undefined): Date | null {
  const match = value ? WIRE_DATE.exec(value) : null
  if (!match) return null
  const [, year, month, day, hour, minute, second = '0'] = match.map(Number)
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, Number(second)))
  return Number.isNaN(date.getTime()) ? null : date
}

const MISSING = '-'

function parts(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const formatter = new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone, hourCycle: 'h23' })
  const byType = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]))
  return byType as Partial<Record<Intl.DateTimeFormatPartTypes, string>>
}

const DAY = { day: '2-digit', month: '2-digit', year: '2-digit' } as const

// Day, month and year in this order in both languages: '25.12.26' in Ukrainian, '25/12/26' in British English.
const DATE_SEPARATOR: Record<Language, string> = { uk: '.', en: '/' }

function day(parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>>) {
  const separator = DATE_SEPARATOR[currentLanguage()]
  return [parts.day, parts.month, parts.year].join(separator)
}

/** 'dd.mm.yy' ('dd/mm/yy' in English) in the viewer's time zone (spec §9: 2-digit parts); '-' when missing. */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  const date = parseWireDate(value)
  if (!date) return MISSING
  return day(parts(date, DAY, timeZone))
}

/** 'dd.mm.yy HH:mm' ('dd/mm/yy HH:mm' in English) in the viewer's time zone; '-' when missing. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  const date = parseWireDate(value)
  if (!date) return MISSING
  const dayAndTime = parts(date, { ...DAY, hour: '2-digit', minute: '2-digit' }, timeZone)
  return `${day(dayAndTime)} ${dayAndTime.hour}:${dayAndTime.minute}`
}

/** 'HH:mm:ss' of a moment (ms since epoch) in the viewer's time zone: "values as of" a lost connection. */
export function formatClock(ms: number, timeZone?: string): string {
  const { hour, minute, second } = parts(
    new Date(ms),
    { hour: '2-digit', minute: '2-digit', second: '2-digit' },
    timeZone,
  )
  return `${hour}:${minute}:${second}`
}

/**
 * A day of the year written 'MM-DD' (the heating season's first and last day) as words: «1 вересня»,
 * "1 September"; the text as it is when it is not one.
 */
export function formatYearDay(monthDay: string): string {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay)
  if (!match) return monthDay
  // A leap year, so that 29 February can be written; UTC noon, so that no time zone moves the day.
  const date = new Date(Date.UTC(2000, Number(match[1]) - 1, Number(match[2]), 12))
  return new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    date,
  )
}
