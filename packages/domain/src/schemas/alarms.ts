import { z } from 'zod'
import { ALARM_KINDS, type AlarmThreshold, type AlarmThresholdValues, alarmThresholds } from '../alarms'
import { msg } from '../i18n/message'

// Bodies of the alarm and notification routes (docs/api.md "Alarms and notifications"); messages for the owner.

/** A threshold in its limits, refused in words that name it (the kind's rule says them). */
function thresholdSchema({ subject, unit, min, max, whole }: AlarmThreshold) {
  const what = subject
  const message = msg('validation.alarms.range', { subject: what, min, max, unit })
  const base = z.number({ error: msg('validation.alarms.number', { subject: what }) })
  return (whole ? base.int({ error: msg('validation.alarms.wholeNumber', { subject: what }) }) : base)
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
    .string({ error: msg('validation.alarms.time', { subject: what }) })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg('validation.alarms.timeExample', { subject: what }) })

/** PATCH /me/notification-settings: any part; kinds and channels merge with what is stored. */
export const notificationSettingsPatchSchema = z
  .object({
    kinds: z
      .object(
        Object.fromEntries(
          ALARM_KINDS.map((kind) => [
            kind,
            z.boolean({ error: msg('validation.alarms.yesOrNo') }).optional(),
          ]),
        ) as { [Kind in (typeof ALARM_KINDS)[number]]: z.ZodOptional<z.ZodBoolean> },
      )
      .strict()
      .optional(),
    channels: z
      .object({
        email: z.boolean({ error: msg('validation.alarms.yesOrNo') }).optional(),
        push: z.boolean({ error: msg('validation.alarms.yesOrNo') }).optional(),
      })
      .strict()
      .optional(),
    quiet_hours: z
      .object({
        enabled: z.boolean({ error: msg('validation.alarms.yesOrNo') }).optional(),
        start: clock(msg('validation.alarms.quietFrom')).optional(),
        end: clock(msg('validation.alarms.quietUntil')).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>

/** PATCH /notifications/{id}: mark read (true) or unread again (false). */
export const notificationPatchSchema = z
  .object({ read: z.boolean({ error: msg('validation.alarms.yesOrNo') }) })
  .strict()
export type NotificationPatch = z.infer<typeof notificationPatchSchema>
