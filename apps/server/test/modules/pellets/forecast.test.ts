import { describe, expect, it } from 'vitest'
import { addDays, burnRate, MAX_FORECAST_DAYS, storeForecast } from '../../../src/modules/pellets/forecast.ts'

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
