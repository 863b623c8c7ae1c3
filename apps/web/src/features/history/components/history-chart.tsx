import Box from '@mui/material/Box'
import { useEffect, useMemo, useRef, useState } from 'react'
import { EChart } from '../../../components/charts/echart'
import { useChartColours } from '../hooks/use-chart-colours'
import type { HistoryData } from '../utils/chart-data'
import { type ChartLabels, historyChartOption } from '../utils/chart-option'

interface HistoryChartProps {
  data: HistoryData
  labels: ChartLabels
  summary: string
}

/** The history chart: metrics over time, gaps, the work-mode band and the events. */
export function HistoryChart({ data, labels, summary }: HistoryChartProps) {
  const colours = useChartColours()
  const box = useRef<HTMLDivElement>(null)
  const width = useWidth(box)
  const option = useMemo(
    () => historyChartOption(data, labels, colours, width),
    [data, labels, colours, width],
  )
  // A legend on more rows takes from the plot: the chart grows by as much on a phone.
  const extra = Math.max(0, (option.grid[0]?.top ?? 40) - 40)
  return (
    <Box ref={box}>
      <EChart
        option={option}
        summary={summary}
        height={{ xs: 360 + extra, md: 420 }}
        testId="history-chart"
      />
    </Box>
  )
}

/** The element's width in whole pixels, followed as it changes (800 until it is measured). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(800)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width)
      if (measured > 0) setWidth(measured)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}
