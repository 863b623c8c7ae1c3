import { z } from 'zod'
import { MAINTENANCE_TASKS, MAINTENANCE_UNITS } from '../schemas/maintenance'
import { documentSchema, resourceSchema, wireDate } from './document'

// The maintenance reminders of one device (docs/api.md "Maintenance", ADR 059).

export const MAINTENANCE_TYPE = 'maintenance-schedules'

export const MAINTENANCE_STATUSES = ['ok', 'due', 'overdue'] as const
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number]

/** How much is left until a task is due, in the task's own measure (months are given as days). */
export const MAINTENANCE_LEFT_UNITS = ['kg', 'hours', 'days'] as const

export const MAINTENANCE_UNKNOWN_REASONS = ['no_readings'] as const
export type MaintenanceUnknownReason = (typeof MAINTENANCE_UNKNOWN_REASONS)[number]

export const maintenanceTaskSchema = z.object({
  task: z.enum(MAINTENANCE_TASKS),
  /** What the interval is counted in. */
  unit: z.enum(MAINTENANCE_UNITS),
  /** The interval in force: the installer's, or the default. */
  interval: z.number().int(),
  default_interval: z.number().int(),
  /** When it was last marked done; null: never, counted from `since`. */
  last_done_at: wireDate.nullable(),
  last_note: z.string().nullable(),
  /** Where the count starts: the last time it was done, else the device's registration. */
  since: wireDate,
  /** kg burned or burner hours since `since` (null for calendar tasks, or when the readings cannot say). */
  used: z.number().nullable(),
  /** What is left until it is due (negative: overdue by that much); null when the readings cannot say. */
  due_in: z.object({ value: z.number(), unit: z.enum(MAINTENANCE_LEFT_UNITS) }).nullable(),
  /** When it falls due: exact for calendar tasks, estimated from the recent burn for the others; null: unknown. */
  due_at: wireDate.nullable(),
  status: z.enum(MAINTENANCE_STATUSES),
  /** Why `due_in` is null: no readings since the count started to say what was used; null otherwise. */
  unknown_reason: z.enum(MAINTENANCE_UNKNOWN_REASONS).nullable(),
})
export type MaintenanceTaskState = z.infer<typeof maintenanceTaskSchema>

export const maintenanceResourceSchema = resourceSchema(MAINTENANCE_TYPE, {
  tasks: z.array(maintenanceTaskSchema),
  /** The task that falls due first (overdue first, then by `due_at`); null when none can say. */
  next_task: z.enum(MAINTENANCE_TASKS).nullable(),
})
export const maintenanceDocumentSchema = documentSchema(maintenanceResourceSchema)
export type MaintenanceDocument = z.infer<typeof maintenanceDocumentSchema>
