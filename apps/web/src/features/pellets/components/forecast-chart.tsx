import Stack from '@mui/material/Stack'
import { useColorScheme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../../components/charts/echart'
import { formatNumber } from '../../../lib/numbers'
import type { PelletStore } from '../api/pellets'
import { formatDay } from '../utils/forecast-days'
import { type ForecastColours, forecastChartOption } from '../utils/forecast-option'

const COLOURS: Record<'light' | 'dark', ForecastColours> = {
  light: {
    text: '#1c1917',
    axis: '#a8a29e',
    grid: '#e7e5e4',
    stock: '#ef6c00',
    band: 'rgba(239, 108, 0, 0.18)',
    reserve: '#c62828',
  },
  dark: {
    text: '#f5f5f4',
    axis: '#78716c',
    grid: '#3a3430',
    stock: '#ffb74d',
    band: 'rgba(255, 183, 77, 0.22)',
    reserve: '#ef9a9a',
  },
}

/** The stock over the coming days with the run-out band (ECharts, loaded with this screen only). */
export function ForecastChart({ store, today }: { store: PelletStore; today: string }) {
  const { t } = useTranslation()
  const { colorScheme } = useColorScheme()
  const colours = COLOURS[colorScheme === 'dark' ? 'dark' : 'light']
  const option = useMemo(
    () =>
      forecastChartOption(
        store,
        today,
        {
          stock: t('pellets.forecast.series.stock'),
          earliest: t('pellets.forecast.series.earliest'),
          latest: t('pellets.forecast.series.latest'),
          reserve: t('pellets.forecast.series.reserve'),
          kilograms: t('pellets.units.kg'),
          formatNumber: (value: number) => formatNumber(value, 0),
        },
        colours,
      ),
    // A new language gives a new t, and the labels follow.
    [store, today, t, colours],
  )
  const runOut = store.forecast.store_run_out
  if (!option || !runOut) return null
  const summary = t('pellets.forecast.chartSummary', {
    kg: formatNumber(store.stock_kg + (store.hopper_kg ?? 0), 0),
    date: formatDay(runOut.date),
    earliest: formatDay(runOut.earliest),
    latest: formatDay(runOut.latest),
  })
  return (
    <Stack spacing={1}>
      <Typography variant="h3">{t('pellets.forecast.chartTitle')}</Typography>
      <EChart
        option={option}
        summary={summary}
        height={{ xs: 220, md: 260 }}
        testId="pellet-forecast-chart"
      />
    </Stack>
  )
}
