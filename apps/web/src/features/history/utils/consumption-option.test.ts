import { describe, expect, it } from 'vitest'
import type { Consumption } from '../api/fuel'
import { consumptionChartOption, periodLabel } from './consumption-option'

const consumption: Consumption = {
  from: '2026-11-21T22:00:00.000Z',
  to: '2026-11-24T22:00:00.000Z',
  period: 'day',
  time_zone: 'Europe/Kyiv',
  calorific_value: 4.8,
  boiler_efficiency: 0.9,
  pellet_price_per_tonne: null,
  currency: 'UAH',
  periods: [
    {
      start: '2026-11-21T22:00:00.000Z',
      end: '2026-11-22T22:00:00.000Z',
      energy_kwh: 43.2,
      fuel_kg: 10,
      cost: null,
      coverage: 1,
    },
    {
      start: '2026-11-22T22:00:00.000Z',
      end: '2026-11-23T22:00:00.000Z',
      energy_kwh: 0,
      fuel_kg: 0,
      cost: null,
      coverage: 0,
    },
    {
      start: '2026-11-23T22:00:00.000Z',
      end: '2026-11-24T22:00:00.000Z',
      energy_kwh: 21.6,
      fuel_kg: 5.04,
      cost: null,
      coverage: 0.4,
    },
  ],
  totals: { energy_kwh: 64.8, fuel_kg: 15.04, cost: null, coverage: 0.47 },
}

const labels = {
  fuel: 'Пелети',
  kilograms: 'кг',
  kwh: 'кВт·год',
  uah: 'грн',
  partial: 'неповні ({{percent}} %)',
  noData: 'немає даних',
}

describe('consumption chart', () => {
  it('labels bars with Kyiv calendar days', () => {
    // 22:00 UTC on the 21st is midnight of the 22nd in Kyiv.
    expect(periodLabel('2026-11-21T22:00:00.000Z', 'day')).toMatch(/22\.11/)
    expect(periodLabel('2026-10-31T22:00:00.000Z', 'month')).toMatch(/лис/)
  })

  it('draws no bar for a period without readings and a lighter one for a partial period', () => {
    const option = consumptionChartOption(consumption, labels)
    const bars = option.series[0]!.data
    expect(bars[0]).toEqual({ value: 10, itemStyle: { color: '#ef6c00' } })
    expect(bars[1]).toBeNull()
    expect(bars[2]).toEqual({ value: 5, itemStyle: { color: '#ffcc80' } })
    const tooltip = option.tooltip.formatter([{ dataIndex: 2 }])
    expect(tooltip).toContain('Пелети: 5 кг')
    expect(tooltip).toContain('неповні (40 %)')
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toContain('немає даних')
  })
})
