import Box from '@mui/material/Box'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { echarts } from './echarts-setup'

interface EChartProps {
  /** An ECharts option; a new object redraws the chart. */
  option: Record<string, unknown>
  /** What a screen reader hears instead of the drawing. */
  summary: string
  height: { xs: number; md: number }
  testId: string
}

/** One ECharts chart drawn as SVG, following the size of its box. */
export function EChart({ option, summary, height, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null)
  // ECharts' own texts and its time axis's month and day names follow the language; a change draws anew.
  const { i18n } = useTranslation()
  const locale = i18n.language === 'en' ? 'EN' : 'UK'
  const latestOption = useRef(option)
  latestOption.current = option

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = echarts.init(element, null, { renderer: 'svg', locale })
    chart.current = instance
    instance.setOption(latestOption.current)
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [locale])

  useEffect(() => {
    // The series are replaced, not merged: a new range may have fewer of them; the zoom stays.
    chart.current?.setOption(option, { replaceMerge: ['series'] })
  }, [option])

  return (
    <Box
      ref={box}
      role="img"
      aria-label={summary}
      data-testid={testId}
      sx={{ width: '100%', height, touchAction: 'pan-y' }}
    />
  )
}
