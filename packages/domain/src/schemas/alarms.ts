import { z } from 'zod'
import { ALARM_KINDS, ALARM_SETTING_LIMITS } from '../alarms'

// Bodies of the alarm and notification routes (docs/api.md "Alarms and notifications"); messages for the owner.

const limit = (name: keyof typeof ALARM_SETTING_LIMITS, what: string, unit: string, integer = false) => {
  const { min, max } = ALARM_SETTING_LIMITS[name]
  const message = `${what} — від ${min} до ${max} ${unit}`
  const base = z.number({ error: `${what} має бути числом` })
  return (integer ? base.int({ error: `${what} має бути цілим числом` }) : base)
    .min(min, { error: message })
    .max(max, { error: message })
    .optional()
}

/** PATCH /items/{id}/alarm-settings: any of the device's thresholds; what is not sent stays. */
export const alarmSettingsPatchSchema = z
  .object({
    offline_minutes: limit('offline_minutes', "Час без зв'язку", 'хв', true),
    overheat_temp: limit('overheat_temp', 'Поріг перегріву', '°C'),
    frost_temp: limit('frost_temp', 'Поріг замерзання', '°C'),
    fuel_days: limit('fuel_days', 'Поріг запасу палива', 'дн.', true),
  })
  .strict()
export type AlarmSettingsPatch = z.infer<typeof alarmSettingsPatchSchema>

const clock = (what: string) =>
  z
    .string({ error: `${what}: час у форматі ГГ:ХХ` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${what}: час у форматі ГГ:ХХ, наприклад 22:00` })

/** PATCH /me/notification-settings: any part; kinds and channels merge with what is stored. */
export const notificationSettingsPatchSchema = z
  .object({
    kinds: z
      .object(
        Object.fromEntries(
          ALARM_KINDS.map((kind) => [kind, z.boolean({ error: 'Має бути так або ні' }).optional()]),
        ) as { [Kind in (typeof ALARM_KINDS)[number]]: z.ZodOptional<z.ZodBoolean> },
      )
      .strict()
      .optional(),
    channels: z
      .object({
        email: z.boolean({ error: 'Має бути так або ні' }).optional(),
        push: z.boolean({ error: 'Має бути так або ні' }).optional(),
      })
      .strict()
      .optional(),
    quiet_hours: z
      .object({
        enabled: z.boolean({ error: 'Має бути так або ні' }).optional(),
        start: clock('Початок тихих годин').optional(),
        end: clock('Кінець тихих годин').optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>

/** PATCH /notifications/{id}: mark read (true) or unread again (false). */
export const notificationPatchSchema = z
  .object({ read: z.boolean({ error: 'Має бути так або ні' }) })
  .strict()
export type NotificationPatch = z.infer<typeof notificationPatchSchema>
