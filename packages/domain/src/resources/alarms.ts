import { z } from 'zod'
import { ALARM_KINDS, ALARM_STATES, type AlarmThresholdValues, alarmThresholds } from '../alarms'
import {
  documentSchema,
  listDocumentSchema,
  pageLinksSchema,
  pageMetaSchema,
  resourceSchema,
  toOneSchema,
  wireDate,
} from './document'

// Alarms of a device, the account's notifications and its notification settings (docs/api.md "Alarms and
// notifications", ADR 023).

export const alarmKindSchema = z.enum(ALARM_KINDS)
export const alarmStateSchema = z.enum(ALARM_STATES)

export const alarmAttributesSchema = z.object({
  kind: alarmKindSchema,
  /** The controller's error code (E1–E10) of a device error; empty for the other kinds. */
  code: z.string(),
  state: alarmStateSchema,
  title: z.string(),
  description: z.string(),
  action: z.string(),
  /** The measured value that raised it (°C, days of fuel) and the threshold then in force. */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  raised_at: wireDate,
  acknowledged_at: wireDate.nullable(),
  /** Name of who acknowledged it. */
  acknowledged_by: z.string().nullable(),
  cleared_at: wireDate.nullable(),
})
export type AlarmAttributes = z.infer<typeof alarmAttributesSchema>

export const alarmResourceSchema = resourceSchema('alarms', alarmAttributesSchema.shape).extend({
  relationships: z.object({ item: toOneSchema('items') }),
})
export type AlarmResource = z.infer<typeof alarmResourceSchema>
export const alarmDocumentSchema = documentSchema(alarmResourceSchema)
export const alarmListDocumentSchema = listDocumentSchema(alarmResourceSchema)

export const notificationAttributesSchema = z.object({
  kind: alarmKindSchema,
  code: z.string(),
  title: z.string(),
  description: z.string(),
  action: z.string(),
  /** What the texts are made from, so a screen can word them in its own language (as on `alarms`). */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  device_name: z.string(),
  /** The alarm's state now (it may have been acknowledged or cleared since). */
  alarm_state: alarmStateSchema,
  created_at: wireDate,
  read_at: wireDate.nullable(),
})
export type NotificationAttributes = z.infer<typeof notificationAttributesSchema>

export const notificationResourceSchema = resourceSchema(
  'notifications',
  notificationAttributesSchema.shape,
).extend({
  relationships: z.object({ item: toOneSchema('items'), alarm: toOneSchema('alarms') }),
})
export type NotificationResource = z.infer<typeof notificationResourceSchema>
export const notificationDocumentSchema = documentSchema(notificationResourceSchema)
/** The list; meta also carries the account's unread count (the bell). */
export const notificationListDocumentSchema = z.object({
  data: z.array(notificationResourceSchema),
  meta: pageMetaSchema.extend({ unread: z.number().int() }),
  links: pageLinksSchema,
})
export type NotificationListDocument = z.infer<typeof notificationListDocumentSchema>
export const notificationsReadAllDocumentSchema = z.object({ meta: z.object({ unread: z.number().int() }) })

export const quietHoursSchema = z.object({
  enabled: z.boolean(),
  /** 'HH:MM' on the Kyiv clock; a window may span midnight (22:00–07:00). */
  start: z.string(),
  end: z.string(),
})

export const notificationSettingsAttributesSchema = z.object({
  /** Which kinds of alarm notify this account at all (the in-app list included). */
  kinds: z.object(
    Object.fromEntries(ALARM_KINDS.map((kind) => [kind, z.boolean()])) as {
      [Kind in (typeof ALARM_KINDS)[number]]: z.ZodBoolean
    },
  ),
  /** Channels besides the in-app list. */
  channels: z.object({ email: z.boolean(), push: z.boolean() }),
  quiet_hours: quietHoursSchema,
  time_zone: z.string(),
})
export type NotificationSettingsAttributes = z.infer<typeof notificationSettingsAttributesSchema>
export const notificationSettingsDocumentSchema = documentSchema(
  resourceSchema('notification-settings', notificationSettingsAttributesSchema.shape),
)
export type NotificationSettingsDocument = z.infer<typeof notificationSettingsDocumentSchema>

/** The device's thresholds, one per alarm rule that has one (whole numbers where its column stores them so). */
export const alarmSettingsAttributesSchema = z.object(
  Object.fromEntries(
    alarmThresholds().map(({ threshold }) => [
      threshold.setting,
      threshold.storage === 'integer' ? z.number().int() : z.number(),
    ]),
  ) as { [Setting in keyof AlarmThresholdValues]: z.ZodNumber },
)
export type AlarmSettingsAttributes = z.infer<typeof alarmSettingsAttributesSchema>
export const alarmSettingsDocumentSchema = documentSchema(
  resourceSchema('alarm-settings', alarmSettingsAttributesSchema.shape),
)
export type AlarmSettingsDocument = z.infer<typeof alarmSettingsDocumentSchema>
