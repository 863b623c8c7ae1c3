import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { downloadTextFile } from '../../../lib/download-file'
import { useHistory } from '../api/get-history'
import { historyKeys } from '../api/history-keys'
import { useLiveAppend } from '../hooks/use-live-append'
import { HISTORY_METRICS, type HistoryData, type ModeGroup } from '../utils/chart-data'
import { type ChartLabels, MODE_COLOURS } from '../utils/chart-option'
import { type CsvHeaders, csvFileName, historyCsv, kyivTimestamp } from '../utils/csv'
import { describeEvent } from '../utils/describe-event'
import {
  type CustomRangeProblem,
  customRange,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  rangeIncludesNow,
  type TimeRange,
  toKyivInputValue,
} from '../utils/ranges'
import { HistoryChart } from './history-chart'

type Choice = RangePreset | 'custom'

export interface HistorySectionProps {
  itemId: string
  serialNumber: string
}

/** History of one device (24 h / 7 d / 30 d / custom): the chart, its live tail and the CSV export. */
export function HistorySection({ itemId, serialNumber }: HistorySectionProps) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState<Choice>('24h')
  const [presetAt, setPresetAt] = useState(() => new Date())
  const [custom, setCustom] = useState<TimeRange | null>(null)
  const range = choice === 'custom' ? custom : presetRange(choice, presetAt)
  const query = useHistory(itemId, range)
  const live = range !== null && rangeIncludesNow(range)
  const data = useLiveAppend(itemId, query.data, live)
  useRefreshWhenFilled(itemId, query.data?.demoFilling)
  const labels = useChartLabels()

  const choose = (_event: unknown, next: Choice | null) => {
    if (!next) return
    setChoice(next)
    // A preset chosen again starts at the current minute.
    setPresetAt(new Date())
  }

  return (
    <Card component="section" aria-labelledby="history-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="history-title" variant="h2">
            {t('history.title')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={choice}
            onChange={choose}
            aria-label={t('history.ranges.label')}
            sx={{ flexWrap: 'wrap' }}
          >
            {[...RANGE_PRESETS, 'custom' as const].map((value) => (
              <ToggleButton key={value} value={value}>
                {t(`history.ranges.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {choice === 'custom' && <CustomRangeForm initial={custom} onShow={setCustom} />}
          {data?.demo && <Alert severity="info">{t('history.demo')}</Alert>}
          {data?.demoFilling && (
            <Alert severity="info" role="status">
              {t('history.demoFilling')}
            </Alert>
          )}
          <HistoryBody
            data={data}
            labels={labels}
            pending={range !== null && query.isPending}
            failed={query.isError}
            onRetry={() => query.refetch()}
            serialNumber={serialNumber}
            live={live}
          />
        </Stack>
      </CardContent>
    </Card>
  )
}

/** Once the demo past is written, the section's consumption and fuel estimate are read again as well. */
function useRefreshWhenFilled(itemId: string, demoFilling: boolean | undefined) {
  const queryClient = useQueryClient()
  const wasFilling = useRef(false)
  useEffect(() => {
    if (demoFilling) wasFilling.current = true
    else if (demoFilling === false && wasFilling.current) {
      wasFilling.current = false
      void queryClient.invalidateQueries({ queryKey: historyKeys.item(itemId) })
    }
  }, [demoFilling, itemId, queryClient])
}

interface HistoryBodyProps {
  data: HistoryData | undefined
  labels: ChartLabels
  pending: boolean
  failed: boolean
  onRetry: () => void
  serialNumber: string
  live: boolean
}

function HistoryBody({ data, labels, pending, failed, onRetry, serialNumber, live }: HistoryBodyProps) {
  const { t } = useTranslation()
  if (failed) return <RetryAlert onRetry={onRetry}>{t('history.loadFailed')}</RetryAlert>
  if (pending || !data) return pending ? <LoadingStatus>{t('history.loading')}</LoadingStatus> : null
  const step = t(`history.steps.${stepName(data.bucketMs)}`)
  const summary = t('history.summary', {
    metrics: HISTORY_METRICS.map((metric) => labels.metrics[metric]).join(', '),
    from: kyivTimestamp(data.from).slice(0, 16),
    to: kyivTimestamp(data.to).slice(0, 16),
    gaps: data.gaps.length,
  })
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {t('history.shown', {
            from: kyivTimestamp(data.from).slice(0, 16),
            to: kyivTimestamp(data.to).slice(0, 16),
            step,
          })}
        </Typography>
        {live && <Chip size="small" color="success" variant="outlined" label={t('history.live')} />}
        <Button
          size="small"
          variant="outlined"
          onClick={() => downloadCsv(data, serialNumber, csvHeaders(labels, t))}
        >
          {t('history.csv')}
        </Button>
      </Stack>
      {data.buckets.length === 0 ? (
        <Alert severity="warning">{t('history.empty')}</Alert>
      ) : (
        <>
          <HistoryChart data={data} labels={labels} summary={summary} />
          <ModeLegend />
        </>
      )}
    </Stack>
  )
}

function stepName(bucketMs: number): 'raw' | '1m' | '15m' | '1h' | '1d' {
  if (bucketMs <= 0) return 'raw'
  if (bucketMs <= 60_000) return '1m'
  if (bucketMs <= 900_000) return '15m'
  if (bucketMs <= 3_600_000) return '1h'
  return '1d'
}

function ModeLegend() {
  const { t } = useTranslation()
  const groups = Object.keys(MODE_COLOURS) as ModeGroup[]
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={t('history.workMode')}
      sx={{ flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
    >
      {groups.map((group) => (
        <Box component="li" key={group} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 14, height: 10, borderRadius: 0.5, bgcolor: MODE_COLOURS[group] }} />
          <Typography variant="caption">{t(`history.modes.${group}`)}</Typography>
        </Box>
      ))}
    </Stack>
  )
}

function CustomRangeForm({
  initial,
  onShow,
}: {
  initial: TimeRange | null
  onShow: (range: TimeRange) => void
}) {
  const { t } = useTranslation()
  const fallback = initial ?? presetRange('7d')
  const [from, setFrom] = useState(toKyivInputValue(fallback.from))
  const [to, setTo] = useState(toKyivInputValue(fallback.to))
  const [problem, setProblem] = useState<CustomRangeProblem | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = customRange(from, to)
    if ('problem' in result) setProblem(result.problem)
    else {
      setProblem(null)
      onShow(result.range)
    }
  }
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        type="datetime-local"
        size="small"
        label={t('history.custom.from')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={problem !== null}
      />
      <TextField
        type="datetime-local"
        size="small"
        label={t('history.custom.to')}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={problem !== null}
        helperText={problem ? t(`history.custom.problems.${problem}`) : undefined}
      />
      <Button type="submit" variant="contained">
        {t('history.custom.show')}
      </Button>
    </Stack>
  )
}

function useChartLabels(): ChartLabels {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      metrics: Object.fromEntries(
        HISTORY_METRICS.map((metric) => [metric, t(`history.metrics.${metric}`)]),
      ) as ChartLabels['metrics'],
      celsius: t('history.units.celsius'),
      kilowatt: t('history.units.kilowatt'),
      percent: t('history.units.percent'),
      gap: t('history.gap'),
      workMode: t('history.workMode'),
      events: {
        on: t('history.events.on'),
        off: t('history.events.off'),
        settings: t('history.events.settings'),
        error: t('history.events.error'),
      },
      stats: { min: t('history.stats.min'), max: t('history.stats.max') },
      describeEvent: (event) =>
        describeEvent(event, {
          groups: {
            heater: t('history.groups.heater'),
            tank: t('history.groups.tank'),
            gas: t('history.groups.gas'),
            power: t('history.groups.power'),
            mode: t('history.groups.mode'),
          },
          on: t('history.switch.on'),
          off: t('history.switch.off'),
        }),
    }),
    [t],
  )
}

function csvHeaders(labels: ChartLabels, t: TFunction): CsvHeaders {
  return {
    time: t('history.time'),
    metrics: labels.metrics,
    stats: { min: t('history.stats.min'), avg: t('history.stats.avg'), max: t('history.stats.max') },
    workMode: t('history.workMode'),
    isOn: t('history.isOn'),
    on: t('history.yes'),
    off: t('history.no'),
  }
}

function downloadCsv(data: HistoryData, serialNumber: string, headers: CsvHeaders) {
  downloadTextFile(csvFileName(serialNumber, data), historyCsv(data, headers))
}
