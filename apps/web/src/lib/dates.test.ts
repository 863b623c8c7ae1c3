import { describe, expect, it } from 'vitest'
import { formatClock, formatDate, formatDateTime, formatYearDay, parseWireDate } from './dates'
import { setLanguage } from './i18n'

describe('parseWireDate', () => {
  it('reads the wire format as UTC', () => {
    expect(parseWireDate('2024-03-05 22:30:15')?.toISOString()).toBe('2024-03-05T22:30:15.000Z')
  })

  it('gives null for missing or malformed values', () => {
    expect(parseWireDate(null)).toBeNull()
    expect(parseWireDate('')).toBeNull()
    expect(parseWireDate('05.03.2024')).toBeNull()
  })
})

describe('formatDate', () => {
  it('shows day, month and two-digit year with dots', () => {
    expect(formatDate('2024-03-05 10:00:00', 'UTC')).toBe('05.03.24')
  })

  it('shows the date in the given time zone, not in UTC', () => {
    expect(formatDate('2024-03-05 22:30:00', 'Europe/Kyiv')).toBe('06.03.24')
  })

  it('shows a dash for a missing date', () => {
    expect(formatDate(null)).toBe('-')
  })
})

describe('formatDateTime', () => {
  it('adds 24-hour time', () => {
    expect(formatDateTime('2024-12-31 21:05:00', 'UTC')).toBe('31.12.24 21:05')
    expect(formatDateTime('2024-12-31 22:05:00', 'Europe/Kyiv')).toBe('01.01.25 00:05')
  })

  it('shows a dash for a malformed date', () => {
    expect(formatDateTime('yesterday')).toBe('-')
  })
})

describe('formatClock', () => {
  it('shows hours, minutes and seconds in the given time zone', () => {
    expect(formatClock(Date.parse('2026-01-15T08:05:09Z'), 'Europe/Kyiv')).toBe('10:05:09')
  })
})

describe('formatYearDay', () => {
  it('writes a day of the year in words, 29 February included, in the screen language', async () => {
    expect(formatYearDay('09-01')).toBe('1 вересня')
    expect(formatYearDay('02-29')).toBe('29 лютого')
    await setLanguage('en')
    try {
      expect(formatYearDay('05-31')).toBe('31 May')
    } finally {
      await setLanguage('uk')
    }
  })

  it('leaves anything else as it is', () => {
    expect(formatYearDay('9-1')).toBe('9-1')
  })
})
