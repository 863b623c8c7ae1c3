import { workModeLabel } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/numbers'
import { axisStyle, type ChartColours, LIGHT_CHART_COLOURS, tooltipStyle } from './chart-colours'
import {
  type Bucket,
  HISTORY_METRICS,
  type HistoryData,
  type HistoryEvent,
  type HistoryEventKind,
  type HistoryMetric,
  type ModeGroup,
  metricLine,
  modeGroup,
  modeSpans,
} from './chart-data'
import { gapLabelPosition, legendLayout, PLOT_SIDE, textWidth } from './chart-layout'
import { kyivTimestamp } from './csv'
import { toKyivWallClock } from './ranges'

export interface ChartLabels {
  metrics: Record<HistoryMetric, string>
  celsius: string
  kilowatt: string
  percent: string
  gap: string
  workMode: string
  events: Record<HistoryEventKind, string>
  stats: { min: string; max: string }
  /** What the tooltip says of an event: the error's code and description, the settings changed, … */
  describeEvent: (event: HistoryEvent) => string
}

type Axis = 'temperature' | 'power' | 'flame'

const METRIC_STYLE: Record<HistoryMetric, { axis: Axis; setpoint?: boolean; hidden?: boolean }> = {
  heater_temp: { axis: 'temperature' },
  heater_temp_set: { axis: 'temperature', setpoint: true },
  boiler_temp: { axis: 'temperature' },
  boiler_temp_set: { axis: 'temperature', setpoint: true },
  gas_temp: { axis: 'temperature' },
  burner_power: { axis: 'power' },
  flame_brightness: { axis: 'flame', hidden: true },
}

const Y_AXIS_INDEX: Record<Axis, number> = { temperature: 0, power: 1, flame: 2 }
const BAND_Y_AXIS = 3

export const MODE_COLOURS: Record<ModeGroup, string> = {
  burning: '#e65100',
  starting: '#ffb300',
  stopping: '#8d6e63',
  idle: '#b0bec5',
  setup: '#5c6bc0',
}

// Errors stand out; setting changes (frequent with a night setback) stay small.
const EVENT_SYMBOL: Record<HistoryEventKind, { symbol: string; size: number }> = {
  error: { symbol: 'triangle', size: 13 },
  on: { symbol: 'circle', size: 10 },
  off: { symbol: 'circle', size: 10 },
  settings: { symbol: 'diamond', size: 7 },
}

export function unitOf(metric: HistoryMetric, labels: ChartLabels): string {
  const axis = METRIC_STYLE[metric].axis
  return axis === 'temperature' ? labels.celsius : axis === 'power' ? labels.kilowatt : labels.percent
}

/**
 * The ECharts option of the history chart: the metrics as lines over a time axis on Kyiv's clock (the values are
 * shifted to Kyiv wall-clock time and the chart runs in UTC), periods without connection shaded and breaking the
 * lines, and under them a band of work modes with the on/off switches, setting changes and errors marked.
 */
export function historyChartOption(
  data: HistoryData,
  labels: ChartLabels,
  colours: ChartColours = LIGHT_CHART_COLOURS,
  width = 800,
) {
  const names = HISTORY_METRICS.map((metric) => labels.metrics[metric])
  const legend = legendLayout(names, width)
  const plotWidth = Math.max(width - 2 * PLOT_SIDE, 1)
  const lines = HISTORY_METRICS.map((metric) => {
    const style = METRIC_STYLE[metric]
    return {
      id: metric,
      name: labels.metrics[metric],
      type: 'line' as const,
      xAxisIndex: 0,
      yAxisIndex: Y_AXIS_INDEX[style.axis],
      data: metricLine(data, metric),
      showSymbol: false,
      connectNulls: false,
      step: style.setpoint ? ('end' as const) : undefined,
      color: colours.metrics[metric],
      lineStyle: {
        width: style.setpoint ? 1.5 : 2,
        type: style.setpoint ? ('dashed' as const) : ('solid' as const),
      },
      emphasis: { disabled: true },
      animation: false,
      ...(metric === 'heater_temp' ? { markArea: gapAreas(data, labels, colours, plotWidth) } : {}),
    }
  })
  const spans = modeSpans(data)
  const band = {
    id: 'work_mode',
    name: labels.workMode,
    type: 'custom' as const,
    xAxisIndex: 1,
    yAxisIndex: BAND_Y_AXIS,
    data: spans.map(([start, end, mode]) => ({
      value: [start, end, mode],
      itemStyle: { color: MODE_COLOURS[modeGroup(mode)] },
    })),
    encode: { x: [0, 1] },
    renderItem: renderModeSpan,
    silent: true,
    animation: false,
  }
  const events = {
    id: 'events',
    name: labels.events.settings,
    type: 'scatter' as const,
    xAxisIndex: 1,
    yAxisIndex: BAND_Y_AXIS,
    data: data.events.map((event) => ({
      value: [toKyivWallClock(event.time), 0.5],
      symbol: EVENT_SYMBOL[event.kind].symbol,
      symbolSize: EVENT_SYMBOL[event.kind].size,
      itemStyle: { color: colours.events[event.kind], borderColor: colours.surface, borderWidth: 1 },
    })),
    animation: false,
    z: 5,
  }
  const wallFrom = toKyivWallClock(data.from)
  const wallTo = toKyivWallClock(data.to)
  const timeAxis = { type: 'time' as const, min: wallFrom, max: wallTo, ...axisStyle(colours) }
  return {
    useUTC: true,
    animation: false,
    textStyle: { color: colours.text },
    // A plain legend wraps onto more rows on a narrow chart (a scrolling one paged «1/7» with names cut off).
    legend: {
      type: 'plain' as const,
      top: 0,
      left: 8,
      right: 8,
      itemWidth: legend.itemWidth,
      itemGap: legend.itemGap,
      textStyle: { color: colours.text, fontSize: legend.fontSize },
      inactiveColor: colours.axis,
      data: names,
      selected: Object.fromEntries(
        HISTORY_METRICS.map((metric) => [labels.metrics[metric], !METRIC_STYLE[metric].hidden]),
      ),
    },
    grid: [
      { left: PLOT_SIDE, right: PLOT_SIDE, top: legend.gridTop, bottom: 104 },
      { left: PLOT_SIDE, right: PLOT_SIDE, height: 18, bottom: 70 },
    ],
    xAxis: [
      { ...timeAxis, gridIndex: 0 },
      {
        ...timeAxis,
        gridIndex: 1,
        axisLabel: { show: false },
        axisTick: { show: false },
        axisLine: { show: false },
      },
    ],
    yAxis: [
      { type: 'value' as const, gridIndex: 0, name: labels.celsius, scale: true, ...axisStyle(colours) },
      {
        ...axisStyle(colours),
        type: 'value' as const,
        gridIndex: 0,
        name: labels.kilowatt,
        position: 'right' as const,
        min: 0,
        splitLine: { show: false },
      },
      { type: 'value' as const, gridIndex: 0, min: 0, max: 100, show: false },
      { type: 'value' as const, gridIndex: 1, min: 0, max: 1, show: false },
    ],
    dataZoom: [
      // Pinch and drag on a phone, wheel and drag with a mouse; the slider shows where the view is.
      { type: 'inside' as const, xAxisIndex: [0, 1], filterMode: 'none' as const },
      {
        type: 'slider' as const,
        xAxisIndex: [0, 1],
        bottom: 8,
        height: 28,
        filterMode: 'none' as const,
        labelFormatter: '',
        borderColor: colours.axis,
        backgroundColor: 'transparent',
        fillerColor: colours.gapFill,
        handleStyle: { color: colours.surface, borderColor: colours.axis },
        moveHandleStyle: { color: colours.axis },
        textStyle: { color: colours.muted },
        dataBackground: { lineStyle: { color: colours.axis }, areaStyle: { color: colours.grid } },
      },
    ],
    tooltip: {
      trigger: 'axis' as const,
      confine: true,
      ...tooltipStyle(colours),
      axisPointer: { type: 'line' as const },
      formatter: (params: unknown) => tooltipHtml(data, labels, axisValueOf(params)),
    },
    series: [...lines, band, events],
  }
}

const GAP_FONT_SIZE = 11

function gapAreas(data: HistoryData, labels: ChartLabels, colours: ChartColours, plotWidth: number) {
  const labelWidth = textWidth(labels.gap, GAP_FONT_SIZE) + 10
  return {
    silent: true,
    itemStyle: { color: colours.gapFill },
    label: { show: true, position: 'insideTop' as const, color: colours.gapText, fontSize: GAP_FONT_SIZE },
    data: data.gaps.map((gap) => {
      const shown = { from: Math.max(gap.from, data.from), to: Math.min(gap.to, data.to) }
      const position = gapLabelPosition(shown, data, plotWidth, labelWidth)
      return [
        { name: labels.gap, xAxis: toKyivWallClock(shown.from), label: { position } },
        { xAxis: toKyivWallClock(shown.to) },
      ]
    }),
  }
}

interface RenderApi {
  value(dimension: number): number
  coord(point: [number, number]): [number, number]
  size(point: [number, number]): [number, number]
  style(): Record<string, unknown>
}

function renderModeSpan(
  params: { coordSys: { x: number; y: number; width: number; height: number } },
  api: RenderApi,
) {
  const start = api.coord([api.value(0), 0])
  const end = api.coord([api.value(1), 0])
  const { x, y, width, height } = params.coordSys
  const left = Math.max(start[0], x)
  const right = Math.min(end[0], x + width)
  if (right <= left) return null
  return { type: 'rect', shape: { x: left, y, width: Math.max(right - left, 1), height }, style: api.style() }
}

function axisValueOf(params: unknown): number | null {
  const first = Array.isArray(params) ? params[0] : params
  const value = (first as { axisValue?: unknown } | undefined)?.axisValue
  return typeof value === 'number' ? value : null
}

/** The bucket at a wall-clock instant of the axis (the last one starting at or before it), if any. */
export function bucketAt(data: HistoryData, wall: number): Bucket | null {
  let low = 0
  let high = data.buckets.length - 1
  let found: Bucket | null = null
  while (low <= high) {
    const middle = (low + high) >> 1
    const bucket = data.buckets[middle]!
    if (toKyivWallClock(bucket.time) <= wall) {
      found = bucket
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

function format(value: number): string {
  return formatNumber(value)
}

function tooltipHtml(data: HistoryData, labels: ChartLabels, wall: number | null): string {
  if (wall === null) return ''
  const bucket = bucketAt(data, wall)
  if (!bucket) return ''
  const width = data.bucketMs > 0 ? data.bucketMs : 60_000
  const inGap = data.gaps.find((gap) => toKyivWallClock(gap.from) <= wall && wall < toKyivWallClock(gap.to))
  const rows = [`<strong>${escapeHtml(kyivTimestamp(bucket.time).slice(0, 16))}</strong>`]
  if (inGap) rows.push(escapeHtml(labels.gap))
  else {
    for (const metric of HISTORY_METRICS) {
      const stat = bucket.values[metric]
      if (!stat) continue
      const unit = unitOf(metric, labels)
      const spread =
        data.bucketMs > 0 && stat.min !== stat.max
          ? ` (${labels.stats.min} ${format(stat.min)}, ${labels.stats.max} ${format(stat.max)})`
          : ''
      rows.push(
        `${escapeHtml(labels.metrics[metric])}: ${format(stat.avg)} ${escapeHtml(unit)}${escapeHtml(spread)}`,
      )
    }
    if (bucket.workMode != null)
      rows.push(
        `${escapeHtml(labels.workMode)}: ${escapeHtml(workModeLabel(bucket.workMode, currentLanguage()))}`,
      )
  }
  for (const event of eventsNear(data.events, bucket.time, width)) {
    rows.push(`${escapeHtml(labels.events[event.kind])}: ${escapeHtml(labels.describeEvent(event))}`)
  }
  return rows.join('<br/>')
}

function eventsNear(events: HistoryEvent[], time: number, width: number): HistoryEvent[] {
  return events.filter((event) => event.time >= time && event.time < time + width).slice(0, 5)
}
