import { z } from 'zod'
import { SLOT_CODES } from '../schedule/weekly-schedule'
import { SYNC_STATUSES } from '../sync-status'
import { documentSchema, resourceSchema, wireDate } from './document'

const slotModes = Object.keys(SLOT_CODES) as [keyof typeof SLOT_CODES, ...(keyof typeof SLOT_CODES)[]]

/** The weekly schedule's period the controller last reported (telemetry), on the API's clock format. */
export const activePeriodSchema = z.object({
  mode: z.enum(slotModes),
  /** When the period ends (UTC); null: the schedule never changes mode. */
  until: wireDate.nullable(),
})
export type ActivePeriod = z.infer<typeof activePeriodSchema>

const scheduleValuesShape = {
  enabled: z.boolean(),
  heater_reduction: z.number().int(),
  boiler_reduction: z.number().int(),
  /** Monday first; 48 half-hour slots each, 'c' comfort or 'r' reduced, 00:00 first. */
  days: z.array(z.string()),
}

/** GET|PATCH /items/{id}/schedule: the desired schedule, its delivery and what the controller reports. */
export const scheduleResourceSchema = resourceSchema('schedules', {
  ...scheduleValuesShape,
  /** The wall clock the controller follows it by. */
  time_zone: z.string(),
  /** Shared with the dashboard's settings: one desired version, one acknowledgement. */
  sync_status: z.enum(SYNC_STATUSES),
  sync_reason: z.string().nullable(),
  settings_version: z.number().int().nonnegative(),
  applied_version: z.number().int().nonnegative(),
  /** The schedule the controller last reported in effect; null: none, or a controller without schedules. */
  reported_schedule: z.object(scheduleValuesShape).nullable(),
  /** The period the controller says it is in; null while no schedule is followed. */
  active_period: activePeriodSchema.nullable(),
})
export const scheduleDocumentSchema = documentSchema(scheduleResourceSchema)
export type ScheduleResource = z.infer<typeof scheduleResourceSchema>
export type ScheduleAttributes = ScheduleResource['attributes']
export type ScheduleDocument = z.infer<typeof scheduleDocumentSchema>
