import { z } from 'zod'
import { LIMITS } from '../limits'
import {
  heaterSettingsSchema,
  modeSettingsSchema,
  powerSettingsSchema,
  tankSettingsSchema,
} from '../schemas/item-settings'
import { DEVICE_LINK } from './link-limits'
import { isoTimestamp } from './wire-fields'

const finite = z.number().finite()

/**
 * Shape of the full settings set on the wire. Ranges are not checked here on purpose: the device must be able
 * to read an out-of-range request in order to refuse it with a reason (see deviceSettingsSchema).
 */
export const settingsShapeSchema = z.object({
  power: z.enum(['on', 'off']),
  heater_temp_set: finite,
  heater_hysteresis: finite,
  boiler_temp_set: finite,
  boiler_hysteresis: finite,
  gas_temp_min: finite,
  gas_temp_max: finite,
  burner_power_set: finite,
  burner_mod: z.boolean(),
  pump_mode: z.number().int(),
})

export type DeviceSettings = z.infer<typeof settingsShapeSchema>

/** The ranges a controller accepts: exactly the dashboard's rules, so anything the server allows applies. */
export const deviceSettingsSchema = z
  .object({
    power: z.enum(['on', 'off'], { error: 'Пристрій можна лише увімкнути або вимкнути' }),
    ...heaterSettingsSchema.shape,
    ...tankSettingsSchema.shape,
    gas_temp_min: settingsShapeSchema.shape.gas_temp_min
      .min(LIMITS.gasTemp.min, {
        error: `Значення має бути від ${LIMITS.gasTemp.min} до ${LIMITS.gasTemp.max}`,
      })
      .max(LIMITS.gasTemp.max, {
        error: `Значення має бути від ${LIMITS.gasTemp.min} до ${LIMITS.gasTemp.max}`,
      }),
    gas_temp_max: settingsShapeSchema.shape.gas_temp_max
      .min(LIMITS.gasTemp.min, {
        error: `Значення має бути від ${LIMITS.gasTemp.min} до ${LIMITS.gasTemp.max}`,
      })
      .max(LIMITS.gasTemp.max, {
        error: `Значення має бути від ${LIMITS.gasTemp.min} до ${LIMITS.gasTemp.max}`,
      }),
    ...powerSettingsSchema.shape,
    ...modeSettingsSchema.shape,
  })
  .refine((s) => s.gas_temp_min <= s.gas_temp_max, {
    error: 'Мінімальна температура не може бути більшою за максимальну',
    path: ['gas_temp_min'],
  })

/** Factory settings of a controller that has never received desired settings (version 0). */
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = {
  power: 'on',
  heater_temp_set: 60,
  heater_hysteresis: LIMITS.hysteresis.default,
  boiler_temp_set: 50,
  boiler_hysteresis: LIMITS.hysteresis.default,
  gas_temp_min: LIMITS.gasTemp.defaultMin,
  gas_temp_max: LIMITS.gasTemp.defaultMax,
  burner_power_set: LIMITS.burnerPower.defaultMax,
  burner_mod: true,
  pump_mode: 1,
}

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
    reason: z.string().min(1).max(DEVICE_LINK.maxReasonLength).optional(),
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
