import { z } from 'zod'
import { ALARM_KINDS, type AlarmThreshold, type AlarmThresholdValues, alarmThresholds } from '../alarms'

// Bodies of the alarm and notification routes (docs/api.md "Alarms and notifications"); messages for the owner.

/** A threshold in its limits, refused in words that name it (the kind's rule says them). */
function thresholdSchema({ subject, unit, min, max, whole }: AlarmThreshold) {
  const what = subject.uk
  const message = `${what} — від ${min} до ${max} ${unit.uk}`
  const base = z.number({ error: `${what} має бути числом` })
  return (whole ? base.int({ error: `${what} має бути цілим числом` }) : base)
    .min(min, { error: message })
    .max(max, { error: message })
    .optional()
}

/** PATCH /items/{id}/alarm-settings: any of the device's thresholds (one per rule that has one); what is not sent stays. */
export const alarmSettingsPatchSchema = z
  .object(
    Object.fromEntries(
      alarmThresholds().map(({ threshold }) => [threshold.setting, thresholdSchema(threshold)]),
    ) as { [Setting in keyof AlarmThresholdValues]: ReturnType<typeof thresholdSchema> },
  )
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
