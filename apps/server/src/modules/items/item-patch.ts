import {
  ITEM_SETTINGS_SCHEMAS,
  type ItemSettingsGroup,
  itemManageSchema,
  serialNumberSchema,
  toggleSettingsSchema,
} from '@teplo/domain'
import { z } from 'zod'
import { invalidField } from '../../lib/api-error.ts'
import { parseOrThrow } from './validation.ts'

export const SERIAL_IMMUTABLE = 'Серійний номер пристрою змінити не можна'
const MIXED_REQUEST = 'Налаштування пристрою змінюються окремо від його даних'
const ONE_GROUP = 'За один запит можна змінити лише одну групу налаштувань'
const USER_MISSING = 'Оберіть користувача'

// Document members a JSON:API client sends back unchanged; excerpt follows description.
const IGNORED_FIELDS = ['id', 'type', 'created_at', 'updated_at', 'links', 'excerpt']

type SettingsGroup = Exclude<ItemSettingsGroup, 'toggle'>
const SETTINGS_GROUPS = ['heater', 'tank', 'gas', 'power', 'mode'] as const satisfies SettingsGroup[]

const groupOfField = new Map<string, SettingsGroup>(
  SETTINGS_GROUPS.flatMap((group) => Object.keys(ITEM_SETTINGS_SCHEMAS[group].shape).map((f) => [f, group])),
)

// A group may be sent in part (one gas bound, say); the other values stay as stored.
const partialGroups = Object.fromEntries(
  SETTINGS_GROUPS.map((group) => [group, z.strictObject(ITEM_SETTINGS_SCHEMAS[group].shape).partial()]),
) as unknown as Record<SettingsGroup, z.ZodType<SettingsValues>>

const manageSchema = z.strictObject({
  ...itemManageSchema.shape,
  user_id: z
    .union([z.string().regex(/^\d{1,9}$/, { error: USER_MISSING }), z.number().int().positive()], {
      error: USER_MISSING,
    })
    .transform(Number)
    .optional(),
})

export type SettingsValues = Partial<{
  heater_temp_set: number
  heater_hysteresis: number
  boiler_temp_set: number
  boiler_hysteresis: number
  gas_temp_min: number
  gas_temp_max: number
  burner_power_set: number
  burner_mod: boolean
  pump_mode: number
}>
export type ManageValues = z.infer<typeof manageSchema>

export type ItemPatch =
  | { kind: 'settings'; group: SettingsGroup; values: SettingsValues }
  | { kind: 'toggle'; status: 'on' | 'off' }
  | { kind: 'manage'; values: ManageValues }

// The specification's client sends modulation as "1"/"0"/"true"/"false" as well as a boolean.
function coerceBoolean(value: unknown): unknown {
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return value
}

function withoutSerialNumber(body: Record<string, unknown>, storedSerial: string) {
  const { serial_number: serial, ...rest } = body
  if (serial === undefined) return rest
  const parsed = serialNumberSchema.safeParse(serial)
  if (!parsed.success || parsed.data !== storedSerial) throw invalidField('serial_number', SERIAL_IMMUTABLE)
  return rest
}

// Which of the two kinds of change a PATCH is, read from the fields it carries, then validated.
export function parseItemPatch(body: Record<string, unknown>, storedSerial: string): ItemPatch {
  const fields = withoutSerialNumber(
    Object.fromEntries(Object.entries(body).filter(([key]) => !IGNORED_FIELDS.includes(key))),
    storedSerial,
  )
  if ('burner_mod' in fields) fields.burner_mod = coerceBoolean(fields.burner_mod)
  const keys = Object.keys(fields)
  const settingsKeys = keys.filter((key) => groupOfField.has(key))
  if (settingsKeys.length > 0) {
    const other = keys.find((key) => !groupOfField.has(key))
    if (other) throw invalidField(other, MIXED_REQUEST)
    const group = groupOfField.get(settingsKeys[0]!)!
    const stray = settingsKeys.find((key) => groupOfField.get(key) !== group)
    if (stray) throw invalidField(stray, ONE_GROUP)
    return { kind: 'settings', group, values: parseOrThrow(partialGroups[group], fields) }
  }
  if (keys.length === 1 && toggleSettingsSchema.safeParse(fields).success) {
    return { kind: 'toggle', status: fields.status as 'on' | 'off' }
  }
  return { kind: 'manage', values: parseOrThrow(manageSchema, fields) }
}
