import {
  type DeviceSchedule,
  msg,
  SCHEDULE_TIME_ZONE,
  type SchedulePeriod,
  type SettingsAckMessage,
  sameSchedule,
  type WeeklySchedule,
} from '@teplo/domain'
import type { items } from '../items/items.tables.ts'

// The schedule module reads the item's row itself: the items module's document builds on this one.
type ItemRow = typeof items.$inferSelect

// The weekly schedule's part of the device link (ADR 026): what goes into settings/desired, what an ack and a
// reading report back. The settings' version and sync status cover it; these helpers only add its members.

export const SCHEDULE_REASONS = {
  unsupported: msg('sync.scheduleUnsupported'),
  different: msg('sync.scheduleDifferent'),
} as const

/** The members of a stored schedule alone (a stored or reported JSON value may carry others). */
export function scheduleValues(schedule: WeeklySchedule): WeeklySchedule {
  const { enabled, heater_reduction, boiler_reduction, days } = schedule
  return { enabled, heater_reduction, boiler_reduction, days: [...days] }
}

/** settings/desired's `schedule`: absent until the owner sets one, so controllers without schedules see no change. */
export function desiredScheduleMember(item: ItemRow): { schedule?: DeviceSchedule } {
  if (!item.schedule) return {}
  return { schedule: { ...scheduleValues(item.schedule), time_zone: SCHEDULE_TIME_ZONE } }
}

/** The schedule an ack reports in effect, to store as `reported_schedule` (null: none, or no schedules at all). */
export function reportedScheduleOf(ack: SettingsAckMessage): WeeklySchedule | null {
  return ack.applied_schedule ? scheduleValues(ack.applied_schedule) : null
}

/**
 * Why an `applied` ack does not have the schedule asked in effect; null when it does, or when none was asked.
 * A controller that leaves out `applied_schedule` does not follow schedules: honest `refused`, not `synced` —
 * unless the schedule asked is off, which is what such a controller does anyway.
 */
export function scheduleDifferenceReason(item: ItemRow, ack: SettingsAckMessage): string | null {
  if (!item.schedule || ack.result !== 'applied') return null
  const applied = ack.applied_schedule
  if (applied === undefined) return item.schedule.enabled ? SCHEDULE_REASONS.unsupported : null
  const same =
    applied !== null &&
    applied.time_zone === SCHEDULE_TIME_ZONE &&
    sameSchedule(scheduleValues(item.schedule), scheduleValues(applied))
  return same ? null : SCHEDULE_REASONS.different
}

/** The stored period of the controller's last reading, null when it follows no schedule. */
export function storedPeriod(value: unknown): SchedulePeriod | null {
  if (typeof value !== 'object' || value === null) return null
  const { mode, until } = value as Partial<SchedulePeriod>
  if (mode !== 'comfort' && mode !== 'reduced') return null
  return { mode, until: typeof until === 'string' ? until : null }
}
