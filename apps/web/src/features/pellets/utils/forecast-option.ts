import type { PelletStore } from '../api/pellets'
import { daysBetween } from './forecast-days'

export interface ForecastColours {
  text: string
  axis: string
  grid: string
  stock: string
  band: string
  reserve: string
}

export interface ForecastLabels {
  stock: string
  earliest: string
  latest: string
  reserve: string
  kilograms: string
  /** A number as the reader writes it (1 800, not 1,800). */
  formatNumber: (value: number) => string
}

const DAY_MS = 86_400_000
const dayTime = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return Date.UTC(year, month - 1, date, 12)
}

/**
 * The stock over the coming days: a straight fall from today's pellets (hopper and store) to zero on the median
 * run-out day, and the band between the fastest and the slowest fall; the reserve as a line. Null without a
 * forecast.
 */
export function forecastChartOption(
  store: PelletStore,
  today: string,
  labels: ForecastLabels,
  colours: ForecastColours,
): Record<string, unknown> | null {
  const runOut = store.forecast.store_run_out
  if (!runOut) return null
  const total = store.stock_kg + (store.hopper_kg ?? 0)
  const start = dayTime(today)
  const end = dayTime(runOut.latest)
  const line = (day: string) => [
    [start, total],
    [dayTime(day), 0],
  ]
  // The band: the fastest fall as its lower edge, the slowest above it (stacked difference).
  const days = Math.max(1, daysBetween(today, runOut.latest))
  const step = Math.max(1, Math.ceil(days / 60))
  const lower: [number, number][] = []
  const upper: [number, number][] = []
  const fall = (day: string, offset: number) => {
    const length = Math.max(1, daysBetween(today, day))
    return Math.max(0, total * (1 - offset / length))
  }
  for (let offset = 0; offset <= days; offset += step) {
    const time = start + offset * DAY_MS
    const low = fall(runOut.earliest, offset)
    lower.push([time, low])
    upper.push([time, fall(runOut.latest, offset) - low])
  }
  const axisLabel = { color: colours.text }
  return {
    animation: false,
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    // The band's two edges are one shape: only the stock and the reserve are named.
    legend: {
      top: 0,
      data: [labels.stock, ...(store.min_stock_kg > 0 ? [labels.reserve] : [])],
      textStyle: { color: colours.text },
    },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'time',
      min: start,
      max: end,
      // A phone has room for four or five dates; the others are not drawn over each other.
      splitNumber: 4,
      axisLabel: { ...axisLabel, hideOverlap: true },
      axisLine: { lineStyle: { color: colours.axis } },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: labels.kilograms,
      nameTextStyle: { color: colours.text },
      axisLabel: { ...axisLabel, formatter: labels.formatNumber },
      splitLine: { lineStyle: { color: colours.grid } },
    },
    series: [
      {
        name: labels.earliest,
        type: 'line',
        data: lower,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { opacity: 0 },
        tooltip: { show: false },
      },
      {
        name: labels.latest,
        type: 'line',
        data: upper,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { color: colours.band },
        tooltip: { show: false },
      },
      {
        name: labels.stock,
        type: 'line',
        data: line(runOut.date),
        symbol: 'circle',
        lineStyle: { color: colours.stock, width: 2 },
        itemStyle: { color: colours.stock },
      },
      ...(store.min_stock_kg > 0
        ? [
            {
              name: labels.reserve,
              type: 'line',
              data: [
                [start, store.min_stock_kg],
                [end, store.min_stock_kg],
              ],
              symbol: 'none',
              lineStyle: { color: colours.reserve, type: 'dashed' },
              itemStyle: { color: colours.reserve },
            },
          ]
        : []),
    ],
  }
}
