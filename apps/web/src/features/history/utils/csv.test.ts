import { describe, expect, it } from 'vitest'
import type { HistoryData } from './chart-data'
import { type CsvHeaders, csvFileName, historyCsv } from './csv'

const headers: CsvHeaders = {
  time: 'Час',
  metrics: {
    heater_temp: 'Котел',
    heater_temp_set: 'Котел, задано',
    boiler_temp: 'Бак',
    boiler_temp_set: 'Бак, задано',
    gas_temp: 'Димові гази',
    burner_power: 'Потужність',
    flame_brightness: "Полум'я; яскравість",
  },
  stats: { min: 'мін', avg: 'сер', max: 'макс' },
  workMode: 'Режим',
  isOn: 'Увімкнено',
  on: 'так',
  off: 'ні',
}

const data: HistoryData = {
  from: Date.parse('2026-11-24T06:00:00Z'),
  to: Date.parse('2026-11-24T07:00:00Z'),
  bucketMs: 60_000,
  demo: false,
  demoFilling: false,
  buckets: [
    {
      time: Date.parse('2026-11-24T06:30:00Z'),
      samples: 6,
      values: { heater_temp: { min: 60, avg: 61.25, max: 62.5 }, burner_power: null },
      workMode: 6,
      isOn: true,
    },
  ],
  gaps: [],
  events: [],
}

describe('historyCsv', () => {
  it('writes one row per bucket with Kyiv times, decimal commas and semicolons', () => {
    const csv = historyCsv(data, headers)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [head, row, end] = csv.slice(1).split('\r\n')
    expect(head!.split(';')[0]).toBe('Час')
    expect(head).toContain('Котел (мін);Котел (сер);Котел (макс)')
    // A header with a semicolon is quoted.
    expect(head).toContain('"Полум\'я; яскравість (мін)"')
    expect(row).toBe(`2026-11-24 08:30:00;60;61,25;62,5;${';'.repeat(18)}Робота з модуляцією;так`)
    expect(end).toBe('')
  })

  it('names the file after the device and the range', () => {
    expect(csvFileName('100001', data)).toBe('teplo-100001-2026-11-24_0800-2026-11-24_0900.csv')
  })
})
