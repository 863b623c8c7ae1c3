import { describe, expect, it } from 'vitest'
import { DARK_CHART_COLOURS, LIGHT_CHART_COLOURS } from './chart-colours'
import type { HistoryData } from './chart-data'
import { bucketAt, type ChartLabels, historyChartOption, MODE_COLOURS } from './chart-option'
import { toKyivWallClock } from './ranges'

const labels: ChartLabels = {
  metrics: {
    heater_temp: 'Котел',
    heater_temp_set: 'Котел, задано',
    boiler_temp: 'Бак',
    boiler_temp_set: 'Бак, задано',
    gas_temp: 'Димові гази',
    burner_power: 'Потужність',
    flame_brightness: "Полум'я",
  },
  celsius: '°C',
  kilowatt: 'кВт',
  percent: '%',
  gap: "Немає зв'язку",
  workMode: 'Режим',
  events: { on: 'Увімкнено', off: 'Вимкнено', settings: 'Змінено налаштування', error: 'Помилка' },
  stats: { min: 'мін', max: 'макс' },
  describeEvent: (event) => `${event.code} <b>`,
}

const MINUTE = 60_000
const start = Date.parse('2026-11-24T06:00:00Z')
const data: HistoryData = {
  from: start,
  to: start + 10 * MINUTE,
  bucketMs: MINUTE,
  demo: false,
  demoFilling: false,
  buckets: [0, 1, 5].map((minute) => ({
    time: start + minute * MINUTE,
    samples: 6,
    values: { heater_temp: { min: 60, avg: 61, max: 62 }, burner_power: { min: 10, avg: 12, max: 14 } },
    workMode: minute === 5 ? 8 : 6,
    isOn: true,
  })),
  gaps: [{ from: start + 2 * MINUTE, to: start + 5 * MINUTE }],
  events: [{ time: start + 30_000, kind: 'error', code: 'E1', settings: null }],
}

type Series = { id: string; markArea?: { data: unknown[] }; data: unknown[] }
type Tooltip = { formatter: (params: unknown) => string }

describe('historyChartOption', () => {
  const option = historyChartOption(data, labels)
  const series = option.series as Series[]

  it('draws every metric, the work-mode band and the events', () => {
    expect(series.map((one) => one.id)).toEqual([
      'heater_temp',
      'heater_temp_set',
      'boiler_temp',
      'boiler_temp_set',
      'gas_temp',
      'burner_power',
      'flame_brightness',
      'work_mode',
      'events',
    ])
    const band = series.find((one) => one.id === 'work_mode')!
    expect(band.data).toEqual([
      {
        value: [toKyivWallClock(start), toKyivWallClock(start + 2 * MINUTE), 6],
        itemStyle: { color: MODE_COLOURS.burning },
      },
      {
        value: [toKyivWallClock(start + 5 * MINUTE), toKyivWallClock(start + 6 * MINUTE), 8],
        itemStyle: { color: MODE_COLOURS.starting },
      },
    ])
    expect(series.find((one) => one.id === 'events')!.data).toHaveLength(1)
  })

  it('shades the period without connection and labels it', () => {
    const areas = series[0]!.markArea!.data as [{ name: string; xAxis: number }, { xAxis: number }][]
    expect(areas).toEqual([
      [
        {
          name: "Немає зв'язку",
          xAxis: toKyivWallClock(start + 2 * MINUTE),
          label: { position: 'insideTop' },
        },
        { xAxis: toKyivWallClock(start + 5 * MINUTE) },
      ],
    ])
    // On a phone the same gap's label leans into the plot, clear of the power axis.
    const phone = historyChartOption(
      { ...data, gaps: [{ from: start + 9 * MINUTE, to: data.to }] },
      labels,
      undefined,
      360,
    )
    const phoneAreas = (phone.series[0] as Series).markArea!.data as [{ label: { position: string } }][]
    expect(phoneAreas[0]?.[0].label.position).toBe('insideTopRight')
    expect(phone.legend.type).toBe('plain')
    expect(phone.grid[0]?.top).toBeGreaterThan(option.grid[0]?.top ?? 0)
  })

  it('shows the bucket under the pointer in the tooltip, with units, spread and escaped event text', () => {
    const tooltip = option.tooltip as unknown as Tooltip
    const html = tooltip.formatter([{ axisValue: toKyivWallClock(start + 10_000) }])
    expect(html).toContain('2026-11-24 08:00')
    expect(html).toContain('Котел: 61 °C (мін 60, макс 62)')
    expect(html).toContain('Потужність: 12 кВт')
    expect(html).toContain('Помилка: E1 &#60;b&#62;')
    expect(tooltip.formatter([{ axisValue: toKyivWallClock(start + 3 * MINUTE) }])).toContain(
      'Немає зв&#39;язку',
    )
  })

  it('finds the bucket at an instant of the axis', () => {
    expect(bucketAt(data, toKyivWallClock(start + 4 * MINUTE))?.time).toBe(start + MINUTE)
    expect(bucketAt(data, toKyivWallClock(start - MINUTE))).toBeNull()
  })
})

describe('historyChartOption in a colour scheme', () => {
  it('draws text, axes, tooltip and lines in the dark scheme’s colours when given them', () => {
    const option = historyChartOption(data, labels, DARK_CHART_COLOURS)
    expect(option.textStyle.color).toBe(DARK_CHART_COLOURS.text)
    expect(option.legend.textStyle.color).toBe(DARK_CHART_COLOURS.text)
    expect(option.xAxis[0]?.axisLabel).toMatchObject({ color: DARK_CHART_COLOURS.muted })
    expect(option.yAxis[0]).toMatchObject({ nameTextStyle: { color: DARK_CHART_COLOURS.muted } })
    expect(option.tooltip.backgroundColor).toBe(DARK_CHART_COLOURS.surface)
    const heater = option.series.find((series) => series.id === 'heater_temp') as { color?: string }
    expect(heater.color).toBe(DARK_CHART_COLOURS.metrics.heater_temp)
  })

  it('keeps the light scheme’s colours by default', () => {
    const option = historyChartOption(data, labels)
    expect(option.textStyle.color).toBe(LIGHT_CHART_COLOURS.text)
  })
})
