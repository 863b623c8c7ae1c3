// How the history chart fits its width: the legend wraps onto as many rows as its names need (no pager, no cut
// names on a phone), the plot starts below it, and a «no connection» label stays inside the plot.

/** Below this width (px) the legend's marks and letters are smaller. */
export const NARROW_CHART = 600
/** The plot's distance from the chart's left and right edges (room for the two value axes). */
export const PLOT_SIDE = 44
const LEGEND_PADDING = 5
const LEGEND_SIDE = 8
const ITEM_HEIGHT = 14
/** Between the legend and the plot: the axes' names (°C, kW) sit there. */
const AXIS_NAME_ROOM = 16

let context: CanvasRenderingContext2D | null | undefined
/** A text's width in ECharts' default font; a fair estimate where there is no canvas. */
export function textWidth(text: string, fontSize: number): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d')
    } catch {
      context = null
    }
  }
  if (context) {
    context.font = `${fontSize}px sans-serif`
    const measured = context.measureText(text).width
    if (measured > 0) return measured
  }
  return text.length * fontSize * 0.6
}

export interface LegendLayout {
  fontSize: number
  itemWidth: number
  itemGap: number
  /** The legend's rows at this width. */
  rows: number
  /** Where the plot starts (px from the top). */
  gridTop: number
}

/** The legend's size and rows for `names` in a chart `width` px wide (ECharts wraps a plain legend the same way). */
export function legendLayout(names: readonly string[], width: number): LegendLayout {
  const narrow = width < NARROW_CHART
  const fontSize = narrow ? 11 : 12
  const itemWidth = narrow ? 14 : 25
  const itemGap = narrow ? 8 : 10
  const available = Math.max(width - 2 * LEGEND_SIDE - 2 * LEGEND_PADDING, 1)
  let rows = 1
  let used = 0
  for (const name of names) {
    // The mark, ECharts' 5 px before the text, the text.
    const item = itemWidth + 5 + textWidth(name, fontSize)
    if (used > 0 && used + itemGap + item > available) {
      rows += 1
      used = item
    } else used += (used > 0 ? itemGap : 0) + item
  }
  const legendHeight = rows * ITEM_HEIGHT + (rows - 1) * itemGap + 2 * LEGEND_PADDING
  return { fontSize, itemWidth, itemGap, rows, gridTop: legendHeight + AXIS_NAME_ROOM }
}

export type GapLabelPosition = 'insideTop' | 'insideTopLeft' | 'insideTopRight'

/**
 * Where a gap's label sits: centred over the shaded period, or leaning into the plot when centred it would run
 * past the plot's edge onto an axis (a gap at the start or the end of the range).
 */
export function gapLabelPosition(
  gap: { from: number; to: number },
  range: { from: number; to: number },
  plotWidth: number,
  labelWidth: number,
): GapLabelPosition {
  const span = range.to - range.from
  if (span <= 0) return 'insideTop'
  const centre = (((gap.from + gap.to) / 2 - range.from) / span) * plotWidth
  if (centre - labelWidth / 2 < 0) return 'insideTopLeft'
  if (centre + labelWidth / 2 > plotWidth) return 'insideTopRight'
  return 'insideTop'
}
