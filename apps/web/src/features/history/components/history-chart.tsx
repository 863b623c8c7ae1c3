import { useMemo } from 'react'
import { useChartColours } from '../hooks/use-chart-colours'
import type { HistoryData } from '../utils/chart-data'
import { type ChartLabels, historyChartOption } from '../utils/chart-option'
import { EChart } from './echart'

interface HistoryChartProps {
  data: HistoryData
  labels: ChartLabels
  summary: string
}

/** The history chart: metrics over time, gaps, the work-mode band and the events. */
export function HistoryChart({ data, labels, summary }: HistoryChartProps) {
  const colours = useChartColours()
  const option = useMemo(() => historyChartOption(data, labels, colours), [data, labels, colours])
  return <EChart option={option} summary={summary} height={{ xs: 360, md: 420 }} testId="history-chart" />
}
