import {
  MAINTENANCE_DUE_SHARE,
  MAINTENANCE_TASK_RULES,
  type MaintenanceStatus,
  type MaintenanceTask,
  type MaintenanceUnknownReason,
} from '@teplo/domain'

// When a maintenance task falls due (ADR 059), pure: the interval counted from `since` in the task's measure —
// calendar months, or kg burned / burner hours from the device's readings.

const DAY_MS = 86_400_000
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/** `months` calendar months after `from` (the 31st of a month shorter than that goes to its last day). */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from.getTime())
  const day = to.getUTCDate()
  to.setUTCDate(1)
  to.setUTCMonth(to.getUTCMonth() + months)
  const last = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate()
  to.setUTCDate(Math.min(day, last))
  return to
}

/** What the readings say was used since the count started; null: they cannot say (see `reason`). */
export type Used = { value: number | null; reason: MaintenanceUnknownReason | null }

export type TaskSchedule = {
  used: number | null
  dueIn: { value: number; unit: 'kg' | 'hours' | 'days' } | null
  dueAt: Date | null
  status: MaintenanceStatus
  unknownReason: MaintenanceUnknownReason | null
}

function statusOf(left: number, interval: number): MaintenanceStatus {
  if (left <= 0) return 'overdue'
  return left <= interval * MAINTENANCE_DUE_SHARE ? 'due' : 'ok'
}

/**
 * A task's schedule at `now`: calendar tasks fall due `interval` months after `since`; kg and hours tasks once
 * that much is used, their day estimated from the average use since `since` (null while nothing was used).
 */
export function taskSchedule(
  task: MaintenanceTask,
  interval: number,
  since: Date,
  now: Date,
  used: Used,
): TaskSchedule {
  const { unit } = MAINTENANCE_TASK_RULES[task]
  if (unit === 'months') {
    const dueAt = addMonths(since, interval)
    const leftMs = dueAt.getTime() - now.getTime()
    const intervalMs = dueAt.getTime() - since.getTime()
    return {
      used: null,
      dueIn: { value: Math.floor(leftMs / DAY_MS), unit: 'days' },
      dueAt,
      status: statusOf(leftMs, intervalMs),
      unknownReason: null,
    }
  }
  if (used.value === null) {
    return {
      used: null,
      dueIn: null,
      dueAt: null,
      status: 'ok',
      unknownReason: used.reason ?? 'no_readings',
    }
  }
  const left = interval - used.value
  const elapsedDays = Math.max(1, (now.getTime() - since.getTime()) / DAY_MS)
  const perDay = used.value / elapsedDays
  const dueAt = perDay > 0 ? new Date(now.getTime() + (left / perDay) * DAY_MS) : null
  return {
    used: round(used.value),
    dueIn: { value: round(left), unit },
    dueAt,
    status: statusOf(left, interval),
    unknownReason: null,
  }
}

const STATUS_RANK: Record<MaintenanceStatus, number> = { overdue: 0, due: 1, ok: 2 }

/** The task to show first: overdue, then due, then by the day it falls due (unknown last). */
export function nextTask<T extends { task: MaintenanceTask; status: MaintenanceStatus; dueAt: Date | null }>(
  tasks: readonly T[],
): MaintenanceTask | null {
  const known = tasks.filter((task) => task.status !== 'ok' || task.dueAt !== null)
  known.sort(
    (a, b) =>
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      (a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY),
  )
  return known[0]?.task ?? null
}
