import { describe, expect, it } from 'vitest'
import { kyivDayStart, recentSeasons, seasonStartingIn } from '../../../src/modules/energy/seasons.ts'

describe('heating seasons', () => {
  it('cross the new year when the start comes after the end', () => {
    expect(seasonStartingIn(2025, '09-01', '05-31')).toEqual({
      label: '2025/26',
      firstDay: '2025-09-01',
      endDay: '2026-06-01',
    })
    expect(seasonStartingIn(2026, '01-15', '04-30')).toEqual({
      label: '2026',
      firstDay: '2026-01-15',
      endDay: '2026-05-01',
    })
    // 29 February ends a season on the 28th in a year without it.
    expect(seasonStartingIn(2026, '10-01', '02-29').endDay).toBe('2027-03-01')
    expect(seasonStartingIn(2027, '10-01', '02-29').endDay).toBe('2028-03-01')
  })

  it('give the season under way and the one before, or the last one out of season', () => {
    const labels = (today: string) =>
      recentSeasons(today, '09-01', '05-31').map(
        ({ season, current }) => `${season.label}${current ? '*' : ''}`,
      )
    expect(labels('2026-11-20')).toEqual(['2026/27*', '2025/26'])
    expect(labels('2026-09-01')).toEqual(['2026/27*', '2025/26'])
    expect(labels('2027-05-31')).toEqual(['2026/27*', '2025/26'])
    expect(labels('2027-06-01')).toEqual(['2026/27', '2025/26'])
    expect(labels('2027-08-31')).toEqual(['2026/27', '2025/26'])
  })

  it("start at Kyiv's midnight, summer or winter", () => {
    expect(kyivDayStart('2026-09-01').toISOString()).toBe('2026-08-31T21:00:00.000Z')
    expect(kyivDayStart('2026-12-01').toISOString()).toBe('2026-11-30T22:00:00.000Z')
  })
})
