import { describe, expect, it } from 'vitest'
import type { PelletStore } from '../api/pellets'
import { forecastChartOption } from './forecast-option'

const colours = { text: '#000', axis: '#111', grid: '#222', stock: '#f00', band: '#0f0', reserve: '#00f' }
const labels = {
  stock: 'Запас',
  earliest: 'Найшвидше',
  latest: 'Найповільніше',
  reserve: 'Запас недоторканний',
  kilograms: 'кг',
  formatNumber: String,
}

const store = (changes: Partial<PelletStore> = {}): PelletStore => ({
  capacity_kg: null,
  reorder_lead_days: 7,
  min_stock_kg: 0,
  stock_kg: 500,
  hopper_kg: 100,
  average_price_per_kg: null,
  currency: 'UAH',
  last_delivery_at: null,
  rate_kg_per_day: 20,
  forecast: {
    basis: 'burn_rate',
    days_measured: 14,
    kg_per_degree_day: null,
    hopper_run_out: null,
    store_run_out: { date: '2026-12-31', earliest: '2026-12-16', latest: '2027-01-30' },
    reorder_by: '2026-12-09',
    reorder_due: false,
  },
  time_zone: 'Europe/Kyiv',
  updated_at: null,
  ...changes,
})

type Series = { name: string; data: [number, number][] }
const seriesOf = (option: Record<string, unknown> | null) => (option?.series ?? []) as Series[]
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`)

describe('the pellet forecast chart', () => {
  it('draws the stock falling from today’s pellets to zero on the run-out day', () => {
    const stock = seriesOf(forecastChartOption(store(), '2026-12-01', labels, colours)).find(
      (s) => s.name === 'Запас',
    )
    expect(stock?.data).toEqual([
      [noon('2026-12-01'), 600],
      [noon('2026-12-31'), 0],
    ])
  })

  it('draws the band between the fastest and the slowest fall, stacked, from today to the latest day', () => {
    const series = seriesOf(forecastChartOption(store(), '2026-12-01', labels, colours))
    const lower = series.find((s) => s.name === 'Найшвидше')!.data
    const upper = series.find((s) => s.name === 'Найповільніше')!.data
    expect(lower[0]).toEqual([noon('2026-12-01'), 600])
    expect(upper[0]).toEqual([noon('2026-12-01'), 0])
    // Half-way to the earliest day, the fast fall has used half; the slow one a quarter of 60 days.
    const day15 = lower.findIndex(([time]) => time === noon('2026-12-16'))
    expect(lower[day15]![1]).toBe(0)
    expect(lower[day15]![1] + upper[day15]![1]).toBeCloseTo(600 * (1 - 15 / 60))
    expect(lower.at(-1)![0]).toBeLessThanOrEqual(noon('2027-01-30'))
  })

  it('adds the reserve as a line only when there is one, and names only stock and reserve in the legend', () => {
    expect(
      seriesOf(forecastChartOption(store(), '2026-12-01', labels, colours)).map((s) => s.name),
    ).not.toContain('Запас недоторканний')
    const option = forecastChartOption(store({ min_stock_kg: 200 }), '2026-12-01', labels, colours)
    expect(seriesOf(option).find((s) => s.name === 'Запас недоторканний')?.data[0]).toEqual([
      noon('2026-12-01'),
      200,
    ])
    expect((option!.legend as { data: string[] }).data).toEqual(['Запас', 'Запас недоторканний'])
  })

  it('is not drawn without a forecast', () => {
    const none = store({
      forecast: {
        basis: null,
        days_measured: 0,
        kg_per_degree_day: null,
        hopper_run_out: null,
        store_run_out: null,
        reorder_by: null,
        reorder_due: false,
      },
    })
    expect(forecastChartOption(none, '2026-12-01', labels, colours)).toBeNull()
  })
})
