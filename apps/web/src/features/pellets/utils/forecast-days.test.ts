import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { daysBetween, formatDay } from './forecast-days'

const today = new Date('2026-11-28T10:00:00Z')

describe('forecast days', () => {
  afterEach(() => setLanguage('uk'))

  it('says a day within the coming months without its year, one further off with it and no «р.»', async () => {
    expect(formatDay('2027-01-12', today)).toBe('12 січня')
    expect(formatDay('2028-02-03', today)).toBe('3 лютого 2028')
    await setLanguage('en')
    expect(formatDay('2027-01-12', today)).toBe('12 January')
    expect(formatDay('2028-02-03', today)).toBe('3 February 2028')
  })

  it('counts whole days between calendar days', () => {
    expect(daysBetween('2026-12-31', '2027-01-12')).toBe(12)
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2)
  })
})
