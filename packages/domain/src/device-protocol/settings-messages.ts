import { z } from 'zod'
import { plainText } from '../schemas/fields'
import { settingValueSchema, withSettingBounds } from '../schemas/item-settings'
import type { SettingDefinition, SettingsValues } from '../settings/registry'
import { factorySettings, settingEntries } from '../settings/setting-entries'
import { DEVICE_LINK } from './link-limits'
import { isoTimestamp } from './wire-fields'

const power = z.enum(['on', 'off'], { error: 'Пристрій можна лише увімкнути або вимкнути' })

// The wire type of a setting without its range: a switch is a boolean, a mode a whole number.
function wireValueSchema(setting: SettingDefinition) {
  if (setting.kind === 'boolean') return z.boolean()
  if (setting.kind === 'choice') return z.number().int()
  return z.number().finite()
}

/** The full settings set on the wire: the on/off wish and every setting of the registry. */
export type DeviceSettings = { power: 'on' | 'off' } & SettingsValues

/**
 * Shape of the full settings set on the wire. Ranges are not checked here on purpose: the device must be able
 * to read an out-of-range request in order to refuse it with a reason (see deviceSettingsSchema).
 */
export const settingsShapeSchema = z.object({
  power,
  ...Object.fromEntries(settingEntries().map(([name, setting]) => [name, wireValueSchema(setting)])),
}) as unknown as z.ZodType<DeviceSettings>

/** The ranges a controller accepts: exactly the dashboard's rules, so anything the server allows applies. */
export const deviceSettingsSchema: z.ZodType<DeviceSettings> = withSettingBounds(
  z.object({
    power,
    ...Object.fromEntries(settingEntries().map(([name, setting]) => [name, settingValueSchema(setting)])),
  }),
  settingEntries().map(([name]) => name),
) as unknown as z.ZodType<DeviceSettings>

/** Factory settings of a controller that has never received desired settings (version 0). */
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { power: 'on', ...factorySettings() }

/** Why a controller refuses a settings set, as '<field>: <message>; …'; null when it is acceptable. */
export function settingsRefusalReason(settings: DeviceSettings): string | null {
  const result = deviceSettingsSchema.safeParse(settings)
  if (result.success) return null
  const reason = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
  return reason.slice(0, DEVICE_LINK.maxReasonLength)
}

/** settings/desired (server → device, retained, QoS 1): the whole desired set with its version. */
export const desiredSettingsMessageSchema = z.object({
  version: z.number().int().positive(),
  ts: isoTimestamp,
  settings: settingsShapeSchema,
})

export type DesiredSettingsMessage = z.infer<typeof desiredSettingsMessageSchema>

/** settings/ack (device → server, QoS 1): what the device did with a desired version, and what is now in effect. */
export const settingsAckMessageSchema = z
  .object({
    version: z.number().int().positive(),
    result: z.enum(['applied', 'refused']),
    // Stored as the item's sync error: no control characters (NUL is refused by the database).
    reason: plainText().min(1).max(DEVICE_LINK.maxReasonLength).optional(),
    ts: isoTimestamp,
    applied: settingsShapeSchema,
    /** Version of the settings in effect after this ack (equals version when applied). */
    applied_version: z.number().int().nonnegative(),
  })
  .refine((ack) => ack.result === 'applied' || ack.reason !== undefined, {
    error: 'A refusal carries a reason',
    path: ['reason'],
  })
  .refine((ack) => ack.result === 'refused' || ack.applied_version === ack.version, {
    error: 'An applied ack reports its own version as applied',
    path: ['applied_version'],
  })

export type SettingsAckMessage = z.infer<typeof settingsAckMessageSchema>
