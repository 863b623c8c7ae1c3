import { describe, expect, it } from 'vitest'
import {
  addDays,
  burnRate,
  degreeDayExpectation,
  degreeDayRate,
  MAX_FORECAST_DAYS,
  storeForecast,
} from '../../../src/modules/pellets/forecast.ts'

const days = (...kg: number[]) => kg.map((value) => ({ kg: value, coverage: 1 }))

describe('the burn rate', () => {
  it('is the median of the measured days, the quartiles its range', () => {
    expect(burnRate(days(10, 20, 30, 40, 50))).toEqual({ rate: 30, low: 20, high: 40, daysMeasured: 5 })
  })

  it('scales a partly covered day to the whole day and leaves out days covered less than half', () => {
    const rate = burnRate([
      { kg: 10, coverage: 0.5 },
      { kg: 20, coverage: 1 },
      { kg: 20, coverage: 1 },
      { kg: 100, coverage: 0.2 },
    ])
    expect(rate).toEqual({ rate: 20, low: 20, high: 20, daysMeasured: 3 })
  })

  it('says nothing with fewer than three measured days', () => {
    expect(burnRate(days(10, 20))).toBeNull()
    expect(burnRate([...days(10, 20), { kg: 5, coverage: 0.4 }])).toBeNull()
  })
})

describe('the store forecast', () => {
  const rate = { rate: 20, low: 10, high: 40, daysMeasured: 14 }
  const base = { today: '2026-12-01', hopperKg: 100, stockKg: 500, minStockKg: 0, reorderLeadDays: 7, rate }

  it('gives the hopper and the store run-out with the fast and slow days as the range', () => {
    const forecast = storeForecast(base)
    expect(forecast.basis).toBe('burn_rate')
    expect(forecast.hopper_run_out).toEqual({
      date: '2026-12-06',
      earliest: '2026-12-03',
      latest: '2026-12-11',
    })
    // 600 kg: 30 days at 20, 15 at 40, 60 at 10.
    expect(forecast.store_run_out).toEqual({
      date: '2026-12-31',
      earliest: '2026-12-16',
      latest: '2027-01-30',
    })
    // Ordered a week before the earliest run-out.
    expect(forecast.reorder_by).toBe('2026-12-09')
    expect(forecast.reorder_due).toBe(false)
  })

  it('keeps the reserve: orders before the stock falls to it', () => {
    expect(storeForecast({ ...base, minStockKg: 200 }).reorder_by).toBe('2026-12-04')
  })

  it('says order today when the last day to order has passed or the reserve is already reached', () => {
    const late = storeForecast({ ...base, stockKg: 100, reorderLeadDays: 14 })
    expect(late.reorder_by).toBe('2026-12-01')
    expect(late.reorder_due).toBe(true)
    expect(storeForecast({ ...base, minStockKg: 700 }).reorder_due).toBe(true)
  })

  it('counts the store alone without a hopper estimate, and has no hopper run-out then', () => {
    const forecast = storeForecast({ ...base, hopperKg: null })
    expect(forecast.hopper_run_out).toBeNull()
    expect(forecast.store_run_out?.date).toBe('2026-12-26')
  })

  it('stops at the horizon when the boiler burns nothing', () => {
    const idle = storeForecast({ ...base, rate: { rate: 0, low: 0, high: 0, daysMeasured: 5 } })
    expect(idle.store_run_out?.date).toBe(addDays('2026-12-01', MAX_FORECAST_DAYS))
    expect(idle.reorder_due).toBe(false)
  })

  it('has no forecast without a rate', () => {
    expect(storeForecast({ ...base, rate: null })).toMatchObject({
      basis: null,
      store_run_out: null,
      reorder_by: null,
      reorder_due: false,
    })
  })

  it('counts calendar days across months and a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})

describe('the degree-day forecast', () => {
  // Five heating days burning 2 kg per degree-day (one at 3 kg, one at 1 kg), a mild day that says little.
  const heating = [
    { kg: 20, coverage: 1, degreeDays: 10 },
    { kg: 30, coverage: 1, degreeDays: 15 },
    { kg: 40, coverage: 1, degreeDays: 20 },
    { kg: 30, coverage: 1, degreeDays: 10 },
    { kg: 10, coverage: 1, degreeDays: 10 },
    { kg: 8, coverage: 1, degreeDays: 1 },
  ]
  const tenADay = () => 10

  it('takes kg per degree-day from the heating days with outdoor temperatures, the quartiles its range', () => {
    const rate = degreeDayRate(heating, tenADay)
    expect(rate).toMatchObject({ perDegreeDay: 2, low: 2, high: 2, daysMeasured: 5 })
    // Without outdoor temperatures, or with too few heating days, it says nothing.
    expect(degreeDayRate(days(10, 20, 30), tenADay)).toBeNull()
    expect(degreeDayRate(heating.slice(0, 2), tenADay)).toBeNull()
  })

  it('expects the same days of last year, else the recent average', () => {
    const expected = degreeDayExpectation('2026-12-30', new Map([['12-31', 25]]), 12)
    expect([expected(0), expected(1), expected(2)]).toEqual([12, 25, 12])
  })

  it('rests the store forecast on degree-days when it has them, with the range', () => {
    const rate = degreeDayRate(
      [...heating, { kg: 60, coverage: 1, degreeDays: 20 }, { kg: 10, coverage: 1, degreeDays: 10 }],
      tenADay,
    )!
    expect([rate.low, rate.perDegreeDay, rate.high]).toEqual([1.5, 2, 2.5])
    const forecast = storeForecast({
      today: '2026-12-01',
      hopperKg: 100,
      stockKg: 500,
      minStockKg: 0,
      reorderLeadDays: 7,
      rate: { rate: 20, low: 10, high: 40, daysMeasured: 14 },
      degreeDays: rate,
    })
    expect(forecast.basis).toBe('degree_days')
    expect(forecast.kg_per_degree_day).toBe(2)
    // 600 kg at 20 kg a day (2 × 10): 30 days; at 25 a day 24; at 15 a day 40.
    expect(forecast.store_run_out).toEqual({
      date: addDays('2026-12-01', 30),
      earliest: addDays('2026-12-01', 24),
      latest: addDays('2026-12-01', 40),
    })
    expect(forecast.reorder_by).toBe(addDays('2026-12-01', 24 - 7))
  })

  it('keeps the burn rate without degree-days', () => {
    const rate = { rate: 20, low: 10, high: 40, daysMeasured: 14 }
    const base = { today: '2026-12-01', hopperKg: 100, stockKg: 500, minStockKg: 0, reorderLeadDays: 7, rate }
    const forecast = storeForecast({ ...base, degreeDays: null })
    expect([forecast.basis, forecast.kg_per_degree_day]).toEqual(['burn_rate', null])
  })
})
