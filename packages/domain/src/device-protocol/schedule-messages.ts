import { z } from 'zod'
import { msg } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import { isKnownTimeZone, type WeeklySchedule } from '../schedule/weekly-schedule'
import { weeklyScheduleSchema } from '../schemas/schedule'
import { DEVICE_LINK } from './link-limits'
import { isoTimestamp } from './wire-fields'

/** The schedule on the wire: the weekly schedule and the time zone whose wall clock it follows. */
export type DeviceSchedule = WeeklySchedule & { time_zone: string }

/**
 * settings/desired `schedule` and settings/ack `applied_schedule`, types only: a controller reads an
 * out-of-range schedule in order to refuse it with a reason (deviceScheduleSchema).
 */
export const scheduleShapeSchema = z.object({
  enabled: z.boolean(),
  time_zone: z.string().max(64),
  heater_reduction: z.number().finite(),
  boiler_reduction: z.number().finite(),
  days: z.array(z.string().max(64)).max(14),
}) as z.ZodType<DeviceSchedule>

/** What a controller applies: the dashboard's rules, in a time zone it knows. */
export const deviceScheduleSchema = weeklyScheduleSchema.extend({
  time_zone: z.string().refine(isKnownTimeZone, { error: msg('validation.schedule.timeZone') }),
})

/** Why a controller refuses a schedule, as 'schedule.<field>: <message>; …'; null when it is acceptable. */
export function scheduleRefusalReason(schedule: DeviceSchedule): string | null {
  const result = deviceScheduleSchema.safeParse(schedule)
  if (result.success) return null
  const reason = result.error.issues
    .map((issue) => `${['schedule', ...issue.path].join('.')}: ${translateMessage(issue.message, 'uk')}`)
    .join('; ')
  return reason.slice(0, DEVICE_LINK.maxReasonLength)
}

/** telemetry `schedule_period`: the period the controller is in, and until when (null: for good). */
export const schedulePeriodSchema = z.object({
  mode: z.enum(['comfort', 'reduced']),
  until: isoTimestamp.nullable(),
})
