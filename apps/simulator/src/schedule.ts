import {
  type DeviceSchedule,
  type DeviceSettings,
  type SchedulePeriod,
  schedulePeriodAt,
  scheduleRefusalReason,
} from '@teplo/domain'

/**
 * What the controller's weekly schedule does (ADR 026): in a reduced half hour of the boiler's wall clock the
 * boiler-water and tank set points drop by the schedule's reductions (not below 0 °C); the settings themselves,
 * acknowledged to the server, stay the comfort ones.
 */
export function scheduledSettings(
  settings: DeviceSettings,
  schedule: DeviceSchedule | null,
  at: Date,
  periodAt: typeof schedulePeriodAt = schedulePeriodAt,
): { settings: DeviceSettings; period: SchedulePeriod | null } {
  const period = schedule ? periodAt(schedule, at, schedule.time_zone) : null
  if (period?.mode !== 'reduced' || !schedule) return { settings, period }
  return {
    settings: {
      ...settings,
      heater_temp_set: Math.max(0, settings.heater_temp_set - schedule.heater_reduction),
      boiler_temp_set: Math.max(0, settings.boiler_temp_set - schedule.boiler_reduction),
    },
    period,
  }
}

/** Why the controller refuses a desired schedule; null when it takes it (or none came). */
export function scheduleRefusal(schedule: DeviceSchedule | undefined): string | null {
  return schedule === undefined ? null : scheduleRefusalReason(schedule)
}

/**
 * schedulePeriodAt remembered until the period ends: the controller asks several times per reading, and finding
 * the end of a long period walks up to a week of half hours.
 */
export function rememberedPeriods(): typeof schedulePeriodAt {
  let last: { schedule: DeviceSchedule; fromMs: number; period: SchedulePeriod | null } | null = null
  return (schedule, at, timeZone) => {
    const ms = at.getTime()
    const untilMs = last?.period?.until ? Date.parse(last.period.until) : Number.POSITIVE_INFINITY
    if (last && last.schedule === schedule && ms >= last.fromMs && ms < untilMs) return last.period
    const period = schedulePeriodAt(schedule, at, timeZone)
    last = { schedule: schedule as DeviceSchedule, fromMs: ms, period }
    return period
  }
}
