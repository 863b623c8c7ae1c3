import { describe, expect, it } from 'vitest'
import {
  customRange,
  fromKyivWallClock,
  kyivOffsetMs,
  presetRange,
  rangeIncludesNow,
  toKyivInputValue,
  toKyivWallClock,
} from './ranges'

const HOUR = 3_600_000

describe('Kyiv wall clock', () => {
  it('is two hours ahead of UTC in winter and three in summer', () => {
    expect(kyivOffsetMs(Date.parse('2026-01-15T12:00:00Z'))).toBe(2 * HOUR)
    expect(kyivOffsetMs(Date.parse('2026-07-15T12:00:00Z'))).toBe(3 * HOUR)
  })

  it('shifts instants so that their UTC fields read as Kyiv time', () => {
    const instant = Date.parse('2026-11-24T06:30:00Z')
    expect(new Date(toKyivWallClock(instant)).toISOString()).toBe('2026-11-24T08:30:00.000Z')
  })

  it('reads a datetime-local value as Kyiv time, both sides of the clock change', () => {
    expect(fromKyivWallClock('2026-11-24T08:30')?.toISOString()).toBe('2026-11-24T06:30:00.000Z')
    expect(fromKyivWallClock('2026-07-01T08:30')?.toISOString()).toBe('2026-07-01T05:30:00.000Z')
    expect(toKyivInputValue(new Date('2026-07-01T05:30:00Z'))).toBe('2026-07-01T08:30')
  })

  it('refuses what is not a date', () => {
    expect(fromKyivWallClock('')).toBeNull()
    expect(fromKyivWallClock('2026-02-30T10:00')).toBeNull()
    expect(fromKyivWallClock('yesterday')).toBeNull()
  })
})

describe('ranges', () => {
  const now = new Date('2026-11-24T10:15:42Z')

  it('ends presets at the current minute', () => {
    const range = presetRange('7d', now)
    expect(range.to.toISOString()).toBe('2026-11-24T10:15:00.000Z')
    expect(range.from.toISOString()).toBe('2026-11-17T10:15:00.000Z')
    expect(rangeIncludesNow(range, now)).toBe(true)
  })

  it('checks a custom range', () => {
    expect(customRange('2026-11-20T00:00', '2026-11-21T00:00', now)).toEqual({
      range: { from: new Date('2026-11-19T22:00:00Z'), to: new Date('2026-11-20T22:00:00Z') },
    })
    expect(customRange('', '2026-11-21T00:00', now)).toEqual({ problem: 'missing' })
    expect(customRange('2026-11-21T00:00', '2026-11-20T00:00', now)).toEqual({ problem: 'order' })
    expect(customRange('2026-12-01T00:00', '2026-12-02T00:00', now)).toEqual({ problem: 'future' })
    expect(customRange('2020-01-01T00:00', '2026-11-01T00:00', now)).toEqual({ problem: 'tooLong' })
    const past = customRange('2026-11-20T00:00', '2026-11-21T00:00', now)
    expect('range' in past && rangeIncludesNow(past.range, now)).toBe(false)
  })
})
