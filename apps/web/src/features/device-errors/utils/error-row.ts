import { errorCodeDescription, errorModeStatusLabel, type ItemErrorResource } from '@teplo/domain'
import { formatDateTime } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/numbers'

/** One error event as the table shows it; '-' stands for a value the controller did not report. */
export interface ErrorRow {
  id: string
  code: string
  description: string
  time: string
  /** When the controller said the error is over; '-' while in force or when it does not say. */
  ended: string
  mode: string
  heaterTemp: string
  boilerTemp: string
  gasTemp: string
  burnerPower: string
}

const MISSING = '-'

function withUnit(value: number | null | undefined, unit: string): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${formatNumber(value)} ${unit}` : MISSING
}

export const formatTemperature = (value: number | null | undefined) => withUnit(value, '°C')
export const formatPercent = (value: number | null | undefined) => withUnit(value, '%')

export function toErrorRow(resource: ItemErrorResource, timeZone?: string): ErrorRow {
  const {
    error_code: code,
    error_time: time,
    ended_at: ended,
    mode_status: mode,
    device,
  } = resource.attributes
  return {
    id: resource.id,
    code: code || MISSING,
    description: errorCodeDescription(code, currentLanguage()),
    time: formatDateTime(time, timeZone),
    ended: ended ? formatDateTime(ended, timeZone) : MISSING,
    mode: errorModeStatusLabel(mode, currentLanguage()),
    heaterTemp: formatTemperature(device?.temperatures?.kotla),
    boilerTemp: formatTemperature(device?.temperatures?.boilera),
    gasTemp: formatTemperature(device?.temperatures?.gas),
    burnerPower: formatPercent(device?.power?.palnika),
  }
}
