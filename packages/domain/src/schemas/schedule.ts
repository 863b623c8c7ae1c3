import { z } from 'zod'
import { msg } from '../i18n/message'
import { SCHEDULE_DAYS, SCHEDULE_LIMITS, SLOTS_PER_DAY } from '../schedule/weekly-schedule'

// The weekly schedule's members with the owner's messages (docs/api.md "Weekly schedule"); the device applies
// the same rules (deviceScheduleSchema), so anything the server accepts is applied.

const { min, max } = SCHEDULE_LIMITS.reduction
const reductionMessage = msg('validation.schedule.setback', { min, max })

export const reductionSchema = z
  .number({ error: reductionMessage })
  .int({ error: reductionMessage })
  .min(min, { error: reductionMessage })
  .max(max, { error: reductionMessage })

export const DAY_SLOTS_MESSAGE = msg('validation.schedule.daySlots', { slots: SLOTS_PER_DAY })

export const daySlotsSchema = z
  .string({ error: DAY_SLOTS_MESSAGE })
  .regex(new RegExp(`^[cr]{${SLOTS_PER_DAY}}$`), { error: DAY_SLOTS_MESSAGE })

const DAYS_MESSAGE = msg('validation.schedule.days', { days: SCHEDULE_DAYS })

export const weekDaysSchema = z
  .array(daySlotsSchema, { error: DAYS_MESSAGE })
  .length(SCHEDULE_DAYS, { error: DAYS_MESSAGE })

/** The schedule as stored and sent: every member, in range. */
export const weeklyScheduleSchema = z.object({
  enabled: z.boolean({ error: msg('validation.schedule.enabled') }),
  heater_reduction: reductionSchema,
  boiler_reduction: reductionSchema,
  days: weekDaysSchema,
})

/** PATCH /items/{id}/schedule: any of the members; the others stay as they are. */
export const schedulePatchSchema = z
  .object({
    enabled: z.boolean({ error: msg('validation.schedule.enabled') }).optional(),
    heater_reduction: reductionSchema.optional(),
    boiler_reduction: reductionSchema.optional(),
    days: weekDaysSchema.optional(),
  })
  .strict()
export type SchedulePatch = z.infer<typeof schedulePatchSchema>
