import { z } from 'zod'
import { type MessageKey, msg } from '../i18n/message'
import { hasControlCharacter } from './fields'

// Maintenance reminders of a boiler (docs/api.md "Maintenance", ADR 059): four tasks with intervals an installer
// can change per device, each counted from when it was last done (or from the device's registration).

export const MAINTENANCE_TASKS = ['ash_box', 'heat_exchanger', 'annual_service', 'chimney_sweep'] as const
export type MaintenanceTask = (typeof MAINTENANCE_TASKS)[number]
export const isMaintenanceTask = (value: string): value is MaintenanceTask =>
  (MAINTENANCE_TASKS as readonly string[]).includes(value)

/** What a task's interval is counted in: pellets burned, burner hours, or calendar months. */
export const MAINTENANCE_UNITS = ['kg', 'hours', 'months'] as const
export type MaintenanceUnit = (typeof MAINTENANCE_UNITS)[number]

/** Each task's unit, default interval and the interval's limits (what an installer may set). */
export const MAINTENANCE_TASK_RULES = {
  ash_box: { unit: 'kg', default: 300, min: 20, max: 5000 },
  heat_exchanger: { unit: 'hours', default: 300, min: 10, max: 5000 },
  annual_service: { unit: 'months', default: 12, min: 1, max: 36 },
  chimney_sweep: { unit: 'months', default: 12, min: 1, max: 36 },
} as const satisfies Record<
  MaintenanceTask,
  { unit: MaintenanceUnit; default: number; min: number; max: number }
>

/** The key of a task's name in the `pellets` message section. */
export const MAINTENANCE_TASK_KEYS = {
  ash_box: 'pellets.maintenance.task.ashBox',
  heat_exchanger: 'pellets.maintenance.task.heatExchanger',
  annual_service: 'pellets.maintenance.task.annualService',
  chimney_sweep: 'pellets.maintenance.task.chimneySweep',
} as const satisfies Record<MaintenanceTask, MessageKey>

/** A task is due once what is left of its interval is this share of it or less; overdue once nothing is left. */
export const MAINTENANCE_DUE_SHARE = 0.1

/** A note on a task done: at most this long. */
export const MAINTENANCE_NOTE_MAX = 500

/** How far ahead of the server's clock a `done_at` may be (a phone's clock a little fast). */
export const MAINTENANCE_CLOCK_SKEW_MS = 5 * 60_000

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/** An instant with its zone, or a calendar day (taken as noon UTC of that day); not in the future. */
const doneAt = z
  .string({ error: msg('pellets.maintenance.doneAtRequired') })
  .max(40, { error: msg('pellets.maintenance.doneAtFormat') })
  .transform((text, context) => {
    const day = DAY.exec(text)
    if (day) {
      const [, year, month, date] = day.map(Number) as [number, number, number, number]
      const parsed = new Date(Date.UTC(year, month - 1, date, 12))
      if (
        parsed.getUTCFullYear() === year &&
        parsed.getUTCMonth() === month - 1 &&
        parsed.getUTCDate() === date
      )
        return parsed
    } else if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) {
      return new Date(text)
    }
    context.addIssue({ code: 'custom', message: msg('pellets.maintenance.doneAtFormat') })
    return z.NEVER
  })
  .refine((at) => at.getTime() <= Date.now() + MAINTENANCE_CLOCK_SKEW_MS, {
    error: msg('pellets.maintenance.doneAtInFuture'),
  })

/** POST /items/{id}/maintenance/{task}/done: the task was done then; a note for whoever comes next. */
export const maintenanceDoneSchema = z
  .object({
    done_at: doneAt,
    note: z
      .string({ error: msg('pellets.maintenance.noteText') })
      .trim()
      .max(MAINTENANCE_NOTE_MAX, {
        error: msg('pellets.maintenance.noteLength', { max: MAINTENANCE_NOTE_MAX }),
      })
      .refine((text) => !hasControlCharacter(text, true), { error: msg('pellets.maintenance.noteControl') })
      .nullable()
      .optional(),
  })
  .strict()
export type MaintenanceDone = z.infer<typeof maintenanceDoneSchema>

/** PATCH /items/{id}/maintenance/{task}: the task's interval in its unit; null goes back to the default. */
export const maintenanceIntervalSchema = z
  .object({
    interval: z
      .number({ error: msg('pellets.maintenance.intervalNumber') })
      .int({ error: msg('pellets.maintenance.intervalNumber') })
      .nullable(),
  })
  .strict()
export type MaintenanceIntervalPatch = z.infer<typeof maintenanceIntervalSchema>
