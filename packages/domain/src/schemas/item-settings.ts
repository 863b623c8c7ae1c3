import { z } from 'zod'
import { msg } from '../i18n/message'
import type { SettingDefinition, SettingNameOf, SettingsGroup, SettingValue } from '../settings/registry'
import { settingEntries, settingsOfGroup } from '../settings/setting-entries'
import { numberInRange } from './fields'

/** The dashboard's rule for one setting's value (spec §5): range, whole numbers or the step, switch positions. */
export function settingValueSchema(setting: SettingDefinition): z.ZodType<number | boolean> {
  if (setting.kind === 'boolean') return z.boolean({ error: setting.invalid })
  if (setting.kind === 'choice') {
    const min = Math.min(...setting.choices)
    const max = Math.max(...setting.choices)
    const range = numberInRange(min, max, { integer: true })
    // Modes numbered without gaps need no more than the range.
    if (setting.choices.length === max - min + 1) return range
    return range.refine((value) => setting.choices.includes(value), {
      error: msg('validation.field.range', { min, max }),
    })
  }
  const range = numberInRange(setting.min, setting.max, { integer: setting.step === 1 })
  if (Number.isInteger(setting.step)) return range
  return range.multipleOf(setting.step, {
    error: msg('validation.field.multipleOf', { step: setting.step }),
  })
}

/** A cross-setting rule (minimum ≤ maximum) as a refinement on the object that holds both settings. */
export function withSettingBounds<Schema extends z.ZodObject>(
  schema: Schema,
  names: readonly string[],
): Schema {
  let refined = schema
  for (const [name, setting] of settingEntries()) {
    if (setting.kind !== 'number' || !setting.atMost || !names.includes(name)) continue
    const { setting: upper, message } = setting.atMost
    if (!names.includes(upper)) continue
    refined = refined.refine(
      (values) => {
        const { [name]: value, [upper]: bound } = values as Record<string, number | undefined>
        // A setting left out (a newer one an older controller lacks) has no bound to keep.
        return value === undefined || bound === undefined || value <= bound
      },
      {
        error: message,
        path: [name],
      },
    )
  }
  return refined
}

type GroupShape<Group extends SettingsGroup> = {
  [Name in SettingNameOf<Group>]: z.ZodType<SettingValue<Name>>
}

/** Each dashboard modal sends exactly one group; strict objects keep groups from mixing. */
function groupSchema<Group extends SettingsGroup>(group: Group) {
  const entries = settingsOfGroup(group)
  const shape = Object.fromEntries(entries.map(([name, setting]) => [name, settingValueSchema(setting)]))
  return withSettingBounds(
    z.strictObject(shape as GroupShape<Group>),
    entries.map(([name]) => name),
  )
}

export const toggleSettingsSchema = z.strictObject({
  status: z.enum(['on', 'off'], { error: msg('validation.settings.onOff') }),
})

export const ITEM_SETTINGS_SCHEMAS = {
  heater: groupSchema('heater'),
  tank: groupSchema('tank'),
  gas: groupSchema('gas'),
  power: groupSchema('power'),
  mode: groupSchema('mode'),
  toggle: toggleSettingsSchema,
} as const satisfies Record<SettingsGroup | 'toggle', z.ZodObject>

export type ItemSettingsGroup = keyof typeof ITEM_SETTINGS_SCHEMAS

export const itemSettingsSchema = z.union(Object.values(ITEM_SETTINGS_SCHEMAS), {
  error: msg('validation.settings.unknownGroup'),
})

export type ItemSettings = z.infer<typeof itemSettingsSchema>
