import { describe, expect, it } from 'vitest'
import { formatClock, formatDate, formatDateTime, parseWireDate } from './dates'

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
