import { z } from 'zod'
import { msg } from '../i18n/message'
import { ITEM_STATUSES } from '../item-status'
import type { SettingName, SettingsGroup, SettingsValues } from '../settings/registry'
import { settingEntries } from '../settings/setting-entries'
import { idField } from './fields'
import { ITEM_SETTINGS_SCHEMAS, settingValueSchema } from './item-settings'
import { itemManageSchema } from './items'

// PATCH /items/{id} carries one of three kinds of change, told apart by the fields it holds: one dashboard
// settings group (in whole or in part), the on/off switch, or the device's own data (management screens).

export const ITEM_PATCH_MESSAGES = {
  mixed: msg('validation.itemPatch.mixed'),
  oneGroup: msg('validation.itemPatch.oneGroup'),
  readOnly: msg('validation.itemPatch.readOnly'),
  userMissing: msg('validation.itemPatch.userRequired'),
} as const

// Document members a JSON:API client sends back unchanged; excerpt follows description.
const IGNORED_FIELDS = new Set(['id', 'type', 'created_at', 'updated_at', 'links', 'excerpt'])

const groupOfSetting = new Map<string, SettingsGroup>(settingEntries().map(([name, s]) => [name, s.group]))

const userId = idField(ITEM_PATCH_MESSAGES.userMissing).transform(Number)

const manageSchema = z.strictObject({ ...itemManageSchema.shape, user_id: userId.optional() })

// A group may be sent in part (one gas bound, say); the other values stay as stored and are checked there.
const partialGroupSchema = (group: SettingsGroup) =>
  z.strictObject(ITEM_SETTINGS_SCHEMAS[group].shape).partial()

export type ItemManageChanges = z.infer<typeof manageSchema>

export type ItemPatch = (
  | { kind: 'settings'; group: SettingsGroup; values: Partial<SettingsValues> }
  | { kind: 'toggle'; status: 'on' | 'off' }
  | { kind: 'manage'; values: ItemManageChanges }
) & {
  /** Sent back as read; the server checks that it is the stored one (it cannot change). */
  serialNumber?: unknown
}

// The specification's client sends a switch as "1"/"0"/"true"/"false" as well as a boolean.
function coerceBoolean(value: unknown): unknown {
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return value
}

function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (IGNORED_FIELDS.has(key) || key === 'serial_number') continue
    const setting = groupOfSetting.has(key) ? settingEntries().find(([name]) => name === key)?.[1] : undefined
    fields[key] = setting?.kind === 'boolean' ? coerceBoolean(value) : value
  }
  return fields
}

type Classified =
  | { kind: 'settings'; group: SettingsGroup; schema: z.ZodType }
  | { kind: 'toggle' }
  | { kind: 'manage'; schema: z.ZodType }
  | { kind: 'error'; field: string; message: string }

function classify(fields: Record<string, unknown>): Classified {
  const keys = Object.keys(fields)
  const settingKeys = keys.filter((key) => groupOfSetting.has(key))
  if (settingKeys.length > 0) {
    const other = keys.find((key) => !groupOfSetting.has(key))
    if (other) return { kind: 'error', field: other, message: ITEM_PATCH_MESSAGES.mixed }
    const group = groupOfSetting.get(settingKeys[0]!)!
    const stray = settingKeys.find((key) => groupOfSetting.get(key) !== group)
    if (stray) return { kind: 'error', field: stray, message: ITEM_PATCH_MESSAGES.oneGroup }
    return { kind: 'settings', group, schema: partialGroupSchema(group) }
  }
  if (keys.length === 1 && ITEM_SETTINGS_SCHEMAS.toggle.safeParse(fields).success) return { kind: 'toggle' }
  return { kind: 'manage', schema: manageSchema }
}

// Runs before the documented shape: tells the kinds apart and validates with the kind's own rules, so that the
// messages are the dashboard's (an unknown or read-only member is named as such, one issue per member).
function checkItemPatch(body: unknown, ctx: z.core.$RefinementCtx): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const fields = fieldsOf(body as Record<string, unknown>)
  const kind = classify(fields)
  if (kind.kind === 'error') {
    ctx.addIssue({ code: 'custom', message: kind.message, path: [kind.field], input: fields[kind.field] })
    return body
  }
  if (kind.kind === 'toggle') return body
  const result = kind.schema.safeParse(fields)
  if (result.success) return { ...(body as object), ...(result.data as object) }
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        ctx.addIssue({ code: 'custom', message: ITEM_PATCH_MESSAGES.readOnly, path: [key] })
    } else {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path.map(String),
        input: issue.input,
      })
    }
  }
  return body
}

const settingFields = Object.fromEntries(
  settingEntries().map(([name, setting]) => [name, settingValueSchema(setting).optional()]),
) as { [Name in SettingName]: z.ZodOptional<z.ZodType<SettingsValues[Name]>> }

/** Every member PATCH /items/{id} accepts, as documented (the checks above run first). */
const itemPatchFieldsSchema = z.object({
  ...settingFields,
  ...manageSchema.shape,
  status: z
    .enum(ITEM_STATUSES)
    .optional()
    .describe("'on'/'off' alone switches the boiler; other values manage it"),
  serial_number: z.unknown().optional().describe('Read-only: accepted when it equals the stored one'),
})

function toItemPatch(fields: Record<string, unknown>): ItemPatch {
  const values = fieldsOf(fields)
  const kind = classify(values)
  const serialNumber = fields.serial_number
  if (kind.kind === 'settings') return { kind: 'settings', group: kind.group, values, serialNumber }
  if (kind.kind === 'toggle') return { kind: 'toggle', status: values.status as 'on' | 'off', serialNumber }
  return { kind: 'manage', values: values as ItemManageChanges, serialNumber }
}

/** The body of PATCH /items/{id}, flat or as a JSON:API document's attributes. */
export const itemPatchSchema = z
  .preprocess(checkItemPatch, itemPatchFieldsSchema.loose())
  .transform(toItemPatch)
