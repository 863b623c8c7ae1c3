import { workModeLabel } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'
import { HISTORY_METRICS, type HistoryData, type HistoryMetric } from './chart-data'
import { toKyivWallClock } from './ranges'

/**
 * The shown range as CSV for a spreadsheet opened in Ukrainian: semicolons between fields, decimal commas,
 * a UTF-8 byte order mark (so Excel reads the Cyrillic headers), times on Kyiv's clock, one row per bucket.
 */
export function historyCsv(data: HistoryData, headers: CsvHeaders): string {
  const head = [
    headers.time,
    ...HISTORY_METRICS.flatMap((metric) =>
      (['min', 'avg', 'max'] as const).map((stat) => `${headers.metrics[metric]} (${headers.stats[stat]})`),
    ),
    headers.workMode,
    headers.isOn,
  ]
  const rows = data.buckets.map((bucket) => [
    kyivTimestamp(bucket.time),
    ...HISTORY_METRICS.flatMap((metric) => {
      const stat = bucket.values[metric]
      return [stat?.min, stat?.avg, stat?.max].map(decimal)
    }),
    bucket.workMode == null ? '' : workModeLabel(bucket.workMode, currentLanguage()),
    bucket.isOn == null ? '' : bucket.isOn ? headers.on : headers.off,
  ])
  return `\uFEFF${[head, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`
}

export interface CsvHeaders {
  time: string
  metrics: Record<HistoryMetric, string>
  stats: { min: string; avg: string; max: string }
  workMode: string
  isOn: string
  on: string
  off: string
}

function decimal(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return ''
  return String(Math.round(value * 100) / 100).replace('.', ',')
}

function field(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** '2026-11-24 08:30:00' on Kyiv's clock. */
export function kyivTimestamp(instant: number): string {
  return new Date(toKyivWallClock(instant)).toISOString().slice(0, 19).replace('T', ' ')
}

/** 'teplo-100001-2026-11-23_0830-2026-11-24_0830.csv' */
export function csvFileName(serial: string, data: HistoryData): string {
  const stamp = (instant: number) => kyivTimestamp(instant).slice(0, 16).replace(' ', '_').replace(':', '')
  return `teplo-${serial.replace(/[^\w-]/g, '_')}-${stamp(data.from)}-${stamp(data.to)}.csv`
}
