import { z } from 'zod'
import { msg, msgList } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import { settingValueSchema, withSettingBounds } from '../schemas/item-settings'
import {
  BASE_SETTINGS_REVISION,
  type ReportedSettingsValues,
  type SettingDefinition,
  type SettingsValues,
} from '../settings/registry'
import { factorySettings, settingEntries } from '../settings/setting-entries'
import { DEVICE_LINK } from './link-limits'
import { scheduleShapeSchema } from './schedule-messages'
import { serviceShapeSchema } from './service-messages'
import { isoTimestamp, refusalReason, settingsVersion } from './wire-fields'

const power = z.enum(['on', 'off'], { error: msg('validation.settings.onOff') })

// The wire type of a setting without its range: a switch is a boolean, a mode a whole number.
function wireValueSchema(setting: SettingDefinition) {
  if (setting.kind === 'boolean') return z.boolean()
  if (setting.kind === 'choice') return z.number().int()
  return z.number().finite()
}

/** The full settings set on the wire: the on/off wish and every setting of the registry. */
export type DeviceSettings = { power: 'on' | 'off' } & SettingsValues

/** The settings a controller reports in effect: the base set and the newer settings it knows (ADR 051). */
export type ReportedDeviceSettings = { power: 'on' | 'off' } & ReportedSettingsValues

// A setting newer than the base revision may be missing: a controller that predates it does not know it.
const unlessNewer = (setting: SettingDefinition, schema: z.ZodType) =>
  setting.since > BASE_SETTINGS_REVISION ? schema.optional() : schema

/**
 * Shape of the full settings set on the wire (the desired set the server sends: every setting). Ranges are not
 * checked here on purpose: the device must be able to read an out-of-range request in order to refuse it with a
 * reason (see deviceSettingsSchema).
 */
export const settingsShapeSchema = z.object({
  power,
  ...Object.fromEntries(settingEntries().map(([name, setting]) => [name, wireValueSchema(setting)])),
}) as unknown as z.ZodType<DeviceSettings>

/**
 * Shape of the set a controller reports in effect (an ack's `applied`): every base setting, and the newer ones
 * it knows; a setting it leaves out is one it lacks. Unknown keys are ignored, wrong types are not.
 */
export const reportedSettingsShapeSchema = z.object({
  power,
  ...Object.fromEntries(
    settingEntries().map(([name, setting]) => [name, unlessNewer(setting, wireValueSchema(setting))]),
  ),
}) as unknown as z.ZodType<ReportedDeviceSettings>

/**
 * The ranges a controller accepts: exactly the dashboard's rules, so anything the server allows applies. A newer
 * setting may be left out: a controller that predates it checks the settings it knows.
 */
export const deviceSettingsSchema: z.ZodType<ReportedDeviceSettings> = withSettingBounds(
  z.object({
    power,
    ...Object.fromEntries(
      settingEntries().map(([name, setting]) => [name, unlessNewer(setting, settingValueSchema(setting))]),
    ),
  }),
  settingEntries().map(([name]) => name),
) as unknown as z.ZodType<ReportedDeviceSettings>

/** Factory settings of a controller that has never received desired settings (version 0). */
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { power: 'on', ...factorySettings() }

/** Why a controller refuses a settings set, as '<field>: <message>; …'; null when it is acceptable. */
export function settingsRefusalReason(settings: ReportedDeviceSettings): string | null {
  const result = deviceSettingsSchema.safeParse(settings)
  if (result.success) return null
  const reason = result.error.issues
    .map((issue) => `${issue.path.join('.')}: ${translateMessage(issue.message, 'uk')}`)
    .join('; ')
  return reason.slice(0, DEVICE_LINK.maxReasonLength)
}

/** settings/desired (server → device, retained, QoS 1): the whole desired set with its version. */
export const desiredSettingsMessageSchema = z.object({
  version: settingsVersion.positive(),
  ts: isoTimestamp,
  settings: settingsShapeSchema,
  /** The weekly schedule (ADR 026); absent until one is set. A controller without schedules ignores it. */
  schedule: scheduleShapeSchema.optional(),
  /** The controller's service parameters (ADR 025); absent while nobody has set them. */
  service: serviceShapeSchema.optional(),
})

export type DesiredSettingsMessage = z.infer<typeof desiredSettingsMessageSchema>

/** settings/ack (device → server, QoS 1): what the device did with a desired version, and what is now in effect. */
export const settingsAckMessageSchema = z
  .object({
    version: settingsVersion.positive(),
    result: z.enum(['applied', 'refused']),
    /**
     * Why a refusal happened. Optional: a refusal without one (or with a non-text one) is still a refusal;
     * control characters become spaces and a longer text is cut to DEVICE_LINK.maxReasonLength characters.
     */
    reason: refusalReason,
    ts: isoTimestamp,
    /**
     * The values in effect after this ack: what the boiler really runs with (shown beside the desired ones). The
     * base settings always; a newer setting only from a controller that knows it (ADR 051).
     */
    applied: reportedSettingsShapeSchema,
    /** Version of the settings in effect after this ack (equals version when applied). */
    applied_version: settingsVersion,
    /** The weekly schedule in effect (ADR 026); null: none; absent: the controller has no schedules. */
    applied_schedule: scheduleShapeSchema.nullable().optional(),
    /** The service parameters in effect, from a controller that knows them (ADR 025). */
    applied_service: serviceShapeSchema.optional(),
  })
  .refine((ack) => ack.result === 'refused' || ack.applied_version === ack.version, {
    error: 'An applied ack reports its own version as applied',
    path: ['applied_version'],
  })

export type SettingsAckMessage = z.infer<typeof settingsAckMessageSchema>

/** A setting whose value in effect differs from the desired one. */
export type SettingDifference = { name: keyof DeviceSettings; desired: unknown; applied: unknown }

/**
 * The settings (power included) whose applied value differs from the desired one, in the registry's order. Only
 * the settings the controller reports are compared: one it lacks (ADR 051) is no difference.
 */
export function settingsDifferences(
  desired: Partial<Record<string, unknown>>,
  applied: Partial<Record<string, unknown>>,
): SettingDifference[] {
  const names = ['power', ...settingEntries().map(([name]) => name)] as (keyof DeviceSettings)[]
  return names
    .filter((name) => name in applied && name in desired && applied[name] !== desired[name])
    .map((name) => ({ name, desired: desired[name], applied: applied[name] }))
}

/**
 * The sync reason of an `applied` ack whose values are not the ones asked: a message per setting
 * («<field>: застосовано 57 замість 58»), stored as one (`msgList`).
 */
export function partlyAppliedReason(differences: SettingDifference[]): string | null {
  return msgList(
    differences.map(({ name, desired, applied }) =>
      msg('sync.appliedInstead', { name, applied: String(applied), desired: String(desired) }),
    ),
    DEVICE_LINK.maxReasonLength,
  )
}

/**
 * Why a change of settings the controller lacks (ADR 051) is not applied, for the change log: a message per
 * setting («<field>: не підтримується цим контролером»).
 */
export function unsupportedSettingsReason(names: readonly string[]): string | null {
  return msgList(
    names.map((name) => msg('sync.notSupported', { name })),
    DEVICE_LINK.maxReasonLength,
  )
}
