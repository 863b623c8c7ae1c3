import {
  type AlarmThreshold,
  alarmSettingsPatchSchema,
  alarmThresholds,
  type Language,
  msg,
  translateMessage,
} from '@teplo/domain'
import { domainMessage } from '../../../lib/domain-messages'
import { formatNumber } from '../../../lib/numbers'

/** One input of «Пороги тривог», made from its alarm rule's threshold. */
export type ThresholdField = {
  /** The attribute of the alarm settings (`overheat_temp`). */
  setting: string
  label: string
  /** The line under the input: its limits. */
  range: string
}

const fieldOf = (threshold: AlarmThreshold, language: Language): ThresholdField => ({
  setting: threshold.setting,
  label: translateMessage(msg(threshold.field), language),
  range: translateMessage(
    msg(threshold.range, { min: formatNumber(threshold.min), max: formatNumber(threshold.max) }),
    language,
  ),
})

/** Every rule's threshold as an input, in the form's order, worded in the screen's language. */
export function thresholdFields(language: Language): ThresholdField[] {
  return alarmThresholds()
    .map(({ threshold }) => threshold)
    .sort((a, b) => a.order - b.order)
    .map((threshold) => fieldOf(threshold, language))
}

/** The thresholds as the API answers them, by attribute. */
export type Thresholds = Readonly<Record<string, number>>
export type ThresholdTexts = Record<string, string>

const shown = (value: number | undefined) => (value === undefined ? '' : String(value).replace('.', ','))

/** What each input starts with: the stored value, with a decimal comma. */
export function thresholdTexts(settings: Thresholds, fields: readonly ThresholdField[]): ThresholdTexts {
  return Object.fromEntries(fields.map(({ setting }) => [setting, shown(settings[setting])]))
}

/** A number as a person types it (a comma or a point), NaN for anything else; null when empty. */
function parse(text: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return null
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** The changed thresholds as the PATCH body, or what is wrong with each field, in words. */
export function alarmSettingsPatch(
  settings: Thresholds,
  texts: ThresholdTexts,
  fields: readonly ThresholdField[],
  words: { required: string; number: string },
): { patch: Record<string, number> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const patch: Record<string, number> = {}
  for (const { setting } of fields) {
    const value = parse(texts[setting] ?? '')
    if (value === null) errors[setting] = words.required
    else if (Number.isNaN(value)) errors[setting] = words.number
    else if (value !== settings[setting]) patch[setting] = value
  }
  if (Object.keys(errors).length > 0) return { errors }
  const checked = alarmSettingsPatchSchema.safeParse(patch)
  if (checked.success) return { patch: checked.data as Record<string, number> }
  return {
    errors: Object.fromEntries(
      checked.error.issues.map((issue) => [String(issue.path[0]), domainMessage(issue.message)]),
    ),
  }
}
