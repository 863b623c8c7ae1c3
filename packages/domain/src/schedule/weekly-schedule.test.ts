import { describe, expect, it } from 'vitest'
import {
  COMFORT_DAY,
  DEFAULT_WEEKLY_SCHEDULE,
  localSlot,
  reducedHoursPerWeek,
  sameSchedule,
  schedulePeriodAt,
  type WeeklySchedule,
} from './weekly-schedule'

// Nights reduced every day: 00:00–06:00 and 22:00–24:00, Kyiv wall clock.
const night = 'r'.repeat(12) + 'c'.repeat(32) + 'r'.repeat(4)
const nights: WeeklySchedule = { ...DEFAULT_WEEKLY_SCHEDULE, enabled: true, days: Array(7).fill(night) }

describe('localSlot', () => {
  it('reads the Kyiv weekday and half hour of an instant, summer and winter', () => {
    // Thursday 2026-11-26 12:04 in Kyiv (UTC+2).
    expect(localSlot(new Date('2026-11-26T10:04:00Z'))).toEqual({ day: 3, slot: 24 })
    // Monday 2026-07-06 00:29 in Kyiv (UTC+3) is still Sunday in UTC.
    expect(localSlot(new Date('2026-07-05T21:29:00Z'))).toEqual({ day: 0, slot: 0 })
  })
})

describe('schedulePeriodAt', () => {
  it('is null while the schedule is off', () => {
    expect(schedulePeriodAt({ ...nights, enabled: false }, new Date('2026-11-23T01:00:00Z'))).toBeNull()
  })

  it('gives the mode and the next boundary where it changes', () => {
    // Monday 03:00 Kyiv: reduced until 06:00 Kyiv (04:00 UTC in winter).
    expect(schedulePeriodAt(nights, new Date('2026-11-23T01:00:00Z'))).toEqual({
      mode: 'reduced',
      until: '2026-11-23T04:00:00.000Z',
    })
    // Monday 10:15 Kyiv: comfort until 22:00 Kyiv.
    expect(schedulePeriodAt(nights, new Date('2026-11-23T08:15:00Z'))).toEqual({
      mode: 'comfort',
      until: '2026-11-23T20:00:00.000Z',
    })
  })

  it('runs across midnight and across the end of the week', () => {
    // Sunday 23:00 Kyiv: reduced through midnight into Monday, until Monday 06:00.
    expect(schedulePeriodAt(nights, new Date('2026-11-29T21:00:00Z'))).toEqual({
      mode: 'reduced',
      until: '2026-11-30T04:00:00.000Z',
    })
    // Only Monday morning reduced: from Tuesday the next reduced slot is next week's Monday.
    const mondayOnly = {
      ...nights,
      days: [night.slice(0, 12) + 'c'.repeat(36), ...Array(6).fill(COMFORT_DAY)],
    }
    expect(schedulePeriodAt(mondayOnly, new Date('2026-11-24T08:00:00Z'))).toEqual({
      mode: 'comfort',
      until: '2026-11-29T22:00:00.000Z',
    })
  })

  it('follows the wall clock through the DST changes', () => {
    // 2026-03-29: 03:00 EET becomes 04:00 EEST. 01:00 local is 23:00 UTC; 06:00 local is 03:00 UTC (not 04:00).
    expect(schedulePeriodAt(nights, new Date('2026-03-28T23:00:00Z'))).toEqual({
      mode: 'reduced',
      until: '2026-03-29T03:00:00.000Z',
    })
    // 2026-10-25: 04:00 EEST becomes 03:00 EET. 01:00 local is 22:00 UTC; 06:00 local is 04:00 UTC.
    expect(schedulePeriodAt(nights, new Date('2026-10-24T22:00:00Z'))).toEqual({
      mode: 'reduced',
      until: '2026-10-25T04:00:00.000Z',
    })
  })

  it('has no end when the whole week is one mode', () => {
    const comfort = { ...DEFAULT_WEEKLY_SCHEDULE, enabled: true }
    expect(schedulePeriodAt(comfort, new Date('2026-11-23T01:00:00Z'))).toEqual({
      mode: 'comfort',
      until: null,
    })
  })
})

describe('sameSchedule and reducedHoursPerWeek', () => {
  it('compares every member and sums the reduced half hours', () => {
    expect(sameSchedule(nights, { ...nights, days: [...nights.days] })).toBe(true)
    expect(sameSchedule(nights, { ...nights, boiler_reduction: 6 })).toBe(false)
    expect(sameSchedule(nights, { ...nights, days: [COMFORT_DAY, ...nights.days.slice(1)] })).toBe(false)
    expect(reducedHoursPerWeek(nights)).toBe(56)
  })
})
