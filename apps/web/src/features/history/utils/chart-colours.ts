import type { HistoryEventKind, HistoryMetric } from './chart-data'

/**
 * The charts' colours in one colour scheme. ECharts draws SVG with colour values of its own (no CSS variables),
 * so the charts are given the scheme's values and drawn again when the scheme changes.
 */
export interface ChartColours {
  text: string
  muted: string
  axis: string
  grid: string
  surface: string
  metrics: Record<HistoryMetric, string>
  events: Record<HistoryEventKind, string>
  gapFill: string
  gapText: string
  fuelFull: string
  fuelPartial: string
}

export const LIGHT_CHART_COLOURS: ChartColours = {
  text: '#1c1917',
  muted: '#57534e',
  axis: '#a8a29e',
  grid: '#e7e5e4',
  surface: '#ffffff',
  metrics: {
    heater_temp: '#d32f2f',
    heater_temp_set: '#d32f2f',
    boiler_temp: '#1565c0',
    boiler_temp_set: '#1565c0',
    gas_temp: '#6d4c41',
    burner_power: '#ef6c00',
    flame_brightness: '#f9a825',
  },
  events: { error: '#c62828', on: '#2e7d32', off: '#546e7a', settings: '#1565c0' },
  gapFill: 'rgba(120, 144, 156, 0.18)',
  gapText: '#546e7a',
  fuelFull: '#ef6c00',
  fuelPartial: '#ffcc80',
}

// Lighter lines on the dark surface; the same hue for the same reading in both schemes.
export const DARK_CHART_COLOURS: ChartColours = {
  text: '#f5f5f4',
  muted: '#b8b2ad',
  axis: '#78716c',
  grid: '#3a3430',
  surface: '#1c1917',
  metrics: {
    heater_temp: '#f87171',
    heater_temp_set: '#f87171',
    boiler_temp: '#60a5fa',
    boiler_temp_set: '#60a5fa',
    gas_temp: '#d6bcb0',
    burner_power: '#fb923c',
    flame_brightness: '#fde047',
  },
  events: { error: '#f87171', on: '#4ade80', off: '#94a3b8', settings: '#60a5fa' },
  gapFill: 'rgba(148, 163, 184, 0.16)',
  gapText: '#b8c4ce',
  fuelFull: '#fb923c',
  fuelPartial: '#7c4a1e',
}

export const chartColours = (scheme: 'light' | 'dark') =>
  scheme === 'dark' ? DARK_CHART_COLOURS : LIGHT_CHART_COLOURS

/** Axis, labels and split lines in the scheme's colours (an ECharts axis option's styling). */
export function axisStyle(colours: ChartColours) {
  return {
    axisLine: { lineStyle: { color: colours.axis } },
    axisTick: { lineStyle: { color: colours.axis } },
    axisLabel: { color: colours.muted },
    splitLine: { lineStyle: { color: colours.grid } },
    nameTextStyle: { color: colours.muted },
  }
}

/** The tooltip's box in the scheme's colours. */
export function tooltipStyle(colours: ChartColours) {
  return { backgroundColor: colours.surface, borderColor: colours.axis, textStyle: { color: colours.text } }
}
