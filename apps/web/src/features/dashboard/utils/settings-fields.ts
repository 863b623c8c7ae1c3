import {
  clamp,
  ITEM_SETTINGS_SCHEMAS,
  type ItemSettingsGroup,
  type Language,
  type NumberSetting,
  type SettingDefinition,
  type SettingName,
  type SettingsGroup,
  settingLabel,
  settingsOfGroup,
  settingUnit,
} from '@teplo/domain'
import { domainMessage } from '../../../lib/domain-messages'

/** A number input of a settings dialog, made from its entry in the settings registry. */
export interface NumberFieldSpec {
  name: SettingName
  /** The label and the unit in the language the dialog is shown in. */
  label: string
  unit: string
  min: number
  max: number
  /** What one press of a stepper adds: 1, or 0.5 for hysteresis. */
  step: number
  /** Whole numbers unless the step is a fraction (hysteresis). */
  decimal: boolean
  /** Used when the device has no value yet (hysteresis: 5). */
  fallback?: number
}

function numberField(name: SettingName, setting: NumberSetting, language: Language): NumberFieldSpec {
  return {
    name,
    label: settingLabel(setting, language),
    unit: settingUnit(setting.unit, language),
    min: setting.min,
    max: setting.max,
    step: setting.step,
    decimal: !Number.isInteger(setting.step),
    ...(setting.fallback === undefined ? {} : { fallback: setting.fallback }),
  }
}

const isNumber = (entry: [SettingName, SettingDefinition]): entry is [SettingName, NumberSetting] =>
  entry[1].kind === 'number'

/** The number inputs of each dashboard dialog, in the registry's order; labelled in Ukrainian unless asked. */
export function numberFields(group: ItemSettingsGroup, language: Language = 'uk'): NumberFieldSpec[] {
  if (group === 'toggle') return []
  return settingsOfGroup(group)
    .filter(isNumber)
    .map(([name, setting]) => numberField(name, setting, language))
}

/** The switches and mode choices of a dialog: every setting of the group that is not a number. */
export function otherFields(
  group: SettingsGroup,
): [SettingName, Exclude<SettingDefinition, NumberSetting>][] {
  return settingsOfGroup(group).filter(
    (entry): entry is [SettingName, Exclude<SettingDefinition, NumberSetting>] => !isNumber(entry),
  )
}

/** Reads typed text: '' is "not given", a comma counts as a decimal point; whole numbers drop any fraction. */
export function parseSettingText(text: string, spec: NumberFieldSpec): number | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return undefined
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return Number.NaN
  return spec.decimal ? Number.parseFloat(trimmed) : Number.parseInt(trimmed, 10)
}

/** Puts a number inside the field's range; hysteresis also lands on its 0.5 grid. */
export function clampSetting(value: number, spec: NumberFieldSpec): number {
  const stepped = spec.decimal ? Math.round(value / spec.step) * spec.step : Math.trunc(value)
  return clamp(stepped, spec.min, spec.max)
}

/** A typed number outside the controller's range: refused (never clamped and sent), the field says the range. */
export type RangeViolation = { typed: number; reason: 'max' | 'min' }

export function rangeViolation(text: string, spec: NumberFieldSpec): RangeViolation | null {
  const parsed = parseSettingText(text, spec)
  if (parsed === undefined || Number.isNaN(parsed)) return null
  const typed = Number.parseFloat(text.trim().replace(',', '.'))
  if (typed > spec.max) return { typed, reason: 'max' }
  if (typed < spec.min) return { typed, reason: 'min' }
  return null
}

/**
 * What the input shows after the user leaves it: a value in range on its step (whole numbers, hysteresis's 0.5);
 * untouched when empty, not a number or out of range (the user fixes that, it is not changed for them).
 */
export function normalizeSettingText(text: string, spec: NumberFieldSpec): string {
  const value = parseSettingText(text, spec)
  if (value === undefined || Number.isNaN(value) || rangeViolation(text, spec)) return text.trim()
  return String(clampSetting(value, spec))
}

/** A typed number in range but off its step, and what it was rounded to. */
export type SettingAdjustment = { typed: number; value: number; reason: 'step' }

/** What leaving the field (or saving) would change about a typed number in range, so the dialog can say so. */
export function settingAdjustment(text: string, spec: NumberFieldSpec): SettingAdjustment | null {
  const parsed = parseSettingText(text, spec)
  if (parsed === undefined || Number.isNaN(parsed) || rangeViolation(text, spec)) return null
  const typed = Number.parseFloat(text.trim().replace(',', '.'))
  const value = clampSetting(typed, spec)
  if (value === typed) return null
  return { typed, value, reason: 'step' }
}

/** The values of a payload that differ from what the device already has (its desired settings). */
export function changedValues(values: SettingsPayload, stored: object): SettingsPayload {
  const current = stored as Record<string, unknown>
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => current[name] !== value))
}

/** One stepper press from the current text (or from the fallback or the bottom of the range when empty). */
export function stepSettingText(text: string, spec: NumberFieldSpec, direction: 1 | -1): string {
  const value = parseSettingText(text, spec)
  const start = value === undefined || Number.isNaN(value) ? (spec.fallback ?? spec.min) : value
  const next = value === undefined || Number.isNaN(value) ? start : start + direction * spec.step
  return String(clampSetting(next, spec))
}

/** The text a field starts with: the device's stored value, else the field's default, else empty. */
export function initialSettingText(stored: number | null | undefined, spec: NumberFieldSpec): string {
  const value = stored ?? spec.fallback
  return value === undefined ? '' : String(value)
}

export type SettingsPayload = Record<string, number | boolean>

export type SettingsResult =
  | { ok: true; values: SettingsPayload }
  | { ok: false; errors: Record<string, string>; nothingToSend?: boolean }

/**
 * Builds the PATCH attributes of one group (spec §5): empty fields are dropped, typed values put on their step,
 * values out of range refused,
 * and the result checked with the domain schema together with the stored values it is sent against,
 * so a lone minimum above the stored maximum is caught here too.
 */
export function buildSettingsPayload(
  group: ItemSettingsGroup,
  texts: Partial<Record<SettingName, string>>,
  extra: SettingsPayload,
  /** The device as stored: the values not sent are checked as they are. */
  stored: object,
): SettingsResult {
  const values: SettingsPayload = {}
  for (const spec of numberFields(group)) {
    const value = parseSettingText(texts[spec.name] ?? '', spec)
    if (value === undefined) continue
    // Out of range stays as typed, so the domain schema refuses it with the range.
    const refused = Number.isNaN(value) || rangeViolation(texts[spec.name] ?? '', spec) !== null
    values[spec.name] = refused ? value : clampSetting(value, spec)
  }
  Object.assign(values, extra)
  if (Object.keys(values).length === 0) return { ok: false, errors: {}, nothingToSend: true }

  const schema = ITEM_SETTINGS_SCHEMAS[group]
  const storedValues = Object.fromEntries(
    Object.keys(schema.shape).flatMap((field) => {
      const value = (stored as Record<string, unknown>)[field]
      return value === null || value === undefined ? [] : [[field, value]]
    }),
  )
  const merged: Record<string, unknown> = { ...storedValues, ...values }
  const checked = schema.safeParse(merged)
  if (checked.success) return { ok: true, values }
  const errors: Record<string, string> = {}
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? '')
    // The server keeps what is not sent, so a value neither sent nor stored is no error.
    if (merged[field] === undefined) continue
    // A stored value the user did not touch is not theirs to fix; report it on a field they did send.
    const target = field in values ? field : Object.keys(values)[0]!
    if (!(target in errors)) errors[target] = domainMessage(issue.message)
  }
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, errors }
}
