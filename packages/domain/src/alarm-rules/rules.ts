import { msg } from '../i18n/message'
import { toErrorCode } from '../item-errors'
import { isMaintenanceTask, MAINTENANCE_TASK_KEYS } from '../schemas/maintenance'
import {
  ALARM_TEMP_HYSTERESIS,
  FIRE_OUT_DROP,
  FIRE_OUT_MINUTES,
  FIRE_OUT_RISE,
  HEATING_WORK_MODES,
  IDENTITY_CONFLICT_TAKEOVERS,
  identityConflictActive,
  reporting,
} from './conditions'
import type { AlarmRule } from './rule-types'

/**
 * What raises an alarm on a device (docs/api.md "Alarms and notifications", ADR 023, ADR 052), declared once per
 * kind: its words in each language, the owner's threshold (column, default, limits, the input's texts) and how it
 * is judged and cleared. Derived from this table: the kinds (`ALARM_KINDS`, the `alarms` table's check, the
 * notification preferences), the alarm-settings request and response schemas, the `item_alarm_settings` columns,
 * the engine's reading of thresholds and its judging, and the dashboard's «Пороги тривог» form.
 * Adding a kind: see ARCHITECTURE.md, "Adding an alarm kind". The key order is the order kinds are listed in.
 */
export const ALARM_RULES = {
  device_error: {
    raisedBy: 'controller-error',
    // A controller that reports its errors in force: an error it no longer lists (its events all ended) is over.
    // Older controllers: an error is over once the burner has been firing again, in readings after it, for the hold.
    clear: ({ state, alarm }) => {
      if (state.activeErrors !== null) return state.openErrorCodes?.has(alarm.code) ? 'present' : 'clear'
      const firing = state.burnerOn === true && state.lastSeenAt !== null && state.lastSeenAt > alarm.raisedAt
      if (firing) return 'clear-after-hold'
      return state.burnerOn === false ? 'present' : null
    },
    texts: {
      label: 'labels.alarm.deviceError.label',
      description: ({ code }) => {
        const known = toErrorCode(code)
        return known
          ? msg(`labels.error.description.${known}`)
          : msg('labels.alarm.deviceError.descriptionUnknown', { code })
      },
      action: ({ code }) => msg(`labels.error.action.${toErrorCode(code) ?? 'unknown'}`),
    },
  },
  offline: {
    raisedBy: 'silence',
    threshold: {
      setting: 'offline_minutes',
      column: 'offlineMinutes',
      storage: 'integer',
      default: 10,
      min: 1,
      max: 1440,
      whole: true,
      order: 3,
      subject: 'labels.alarmThreshold.offline.subject',
      unit: 'labels.alarmThreshold.offline.unit',
      field: 'labels.alarmThreshold.offline.field',
      range: 'labels.alarmThreshold.offline.range',
    },
    // The watchdog raises it; the device talking again for the hold clears it.
    clear: ({ state, threshold, now }) => {
      const seenRecently =
        threshold !== null &&
        state.lastSeenAt !== null &&
        now.getTime() - state.lastSeenAt.getTime() < threshold * 60_000
      return seenRecently && reporting(state.status) ? 'clear-after-hold' : 'present'
    },
    texts: {
      label: 'labels.alarm.offline.label',
      description: ({ rawThreshold }) =>
        msg('labels.alarm.offline.description', { threshold: String(rawThreshold) }),
      action: () => msg('labels.alarm.offline.action'),
    },
  },
  overheat: {
    raisedBy: 'state',
    threshold: {
      setting: 'overheat_temp',
      column: 'overheatTemp',
      storage: 'double',
      default: 90,
      min: 50,
      max: 110,
      whole: false,
      order: 1,
      subject: 'labels.alarmThreshold.overheat.subject',
      unit: 'labels.alarmThreshold.overheat.unit',
      field: 'labels.alarmThreshold.overheat.field',
      range: 'labels.alarmThreshold.overheat.range',
    },
    // Raised past the threshold, cleared only a few degrees back on the safe side.
    judge: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status) || temp <= threshold) return {}
      return { raise: { value: temp } }
    },
    clear: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status)) return null
      return temp <= threshold - ALARM_TEMP_HYSTERESIS.overheat ? 'clear' : null
    },
    texts: {
      label: 'labels.alarm.overheat.label',
      description: ({ value, threshold }) => msg('labels.alarm.overheat.description', { value, threshold }),
      action: () => msg('labels.alarm.overheat.action'),
    },
  },
  frost: {
    raisedBy: 'state',
    threshold: {
      setting: 'frost_temp',
      column: 'frostTemp',
      storage: 'double',
      default: 5,
      min: 0,
      max: 30,
      whole: false,
      order: 2,
      subject: 'labels.alarmThreshold.frost.subject',
      unit: 'labels.alarmThreshold.frost.unit',
      field: 'labels.alarmThreshold.frost.field',
      range: 'labels.alarmThreshold.frost.range',
    },
    judge: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status) || temp >= threshold) return {}
      return { raise: { value: temp } }
    },
    clear: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status)) return null
      return temp >= threshold + ALARM_TEMP_HYSTERESIS.frost ? 'clear' : null
    },
    texts: {
      label: 'labels.alarm.frost.label',
      description: ({ value, threshold }) => msg('labels.alarm.frost.description', { value, threshold }),
      action: () => msg('labels.alarm.frost.action'),
    },
  },
  fire_out: {
    raisedBy: 'state',
    // Heating mode, burner off, water cooling for 15 minutes of the device's own readings (a watch keeps the
    // start); the water warming again or an earlier clock restarts it.
    judge: ({ state, watch }) => {
      const temp = state.heaterTemp
      const clock = state.telemetryAt
      const heating =
        state.status === 'on' &&
        state.workMode !== null &&
        HEATING_WORK_MODES.includes(state.workMode) &&
        state.burnerOn === false
      if (!heating || temp === null || !clock) return watch ? { watch: 'drop' } : {}
      const start = watch?.startValue ?? null
      if (!watch || start === null || temp > start + FIRE_OUT_RISE || clock < watch.since)
        return { watch: { since: clock, startValue: temp } }
      const cooled =
        clock.getTime() - watch.since.getTime() >= FIRE_OUT_MINUTES * 60_000 && temp <= start - FIRE_OUT_DROP
      return cooled ? { raise: { value: temp } } : {}
    },
    // Burning again, or the owner switched the boiler off: over.
    clear: ({ state }) => (state.burnerOn === true || state.status === 'off' ? 'clear' : null),
    texts: {
      label: 'labels.alarm.fireOut.label',
      description: () => msg('labels.alarm.fireOut.description', { minutes: FIRE_OUT_MINUTES }),
      action: () => msg('labels.alarm.fireOut.action'),
    },
  },
  fuel_low: {
    raisedBy: 'fuel-estimate',
    threshold: {
      setting: 'fuel_days',
      column: 'fuelDays',
      storage: 'double',
      default: 3,
      min: 1,
      max: 60,
      whole: true,
      order: 4,
      subject: 'labels.alarmThreshold.fuelDays.subject',
      unit: 'labels.alarmThreshold.fuelDays.unit',
      field: 'labels.alarmThreshold.fuelDays.field',
      range: 'labels.alarmThreshold.fuelDays.range',
    },
    judge: ({ estimate, threshold }) =>
      estimate !== null && estimate < threshold ? { raise: { value: estimate } } : {},
    // No estimate any more (no refill recorded since), or enough pellets: over.
    clear: ({ estimate, threshold }) => (estimate === null || estimate >= threshold ? 'clear' : null),
    texts: {
      label: 'labels.alarm.fuelLow.label',
      description: ({ value, threshold }) => msg('labels.alarm.fuelLow.description', { value, threshold }),
      action: () => msg('labels.alarm.fuelLow.action'),
    },
  },
  fuel_reorder: {
    raisedBy: 'store-forecast',
    threshold: {
      setting: 'reorder_days',
      column: 'reorderDays',
      storage: 'integer',
      default: 3,
      min: 0,
      max: 30,
      whole: true,
      order: 5,
      subject: 'labels.alarmThreshold.reorderDays.subject',
      unit: 'labels.alarmThreshold.reorderDays.unit',
      field: 'labels.alarmThreshold.reorderDays.field',
      range: 'labels.alarmThreshold.reorderDays.range',
    },
    // The last day to order is within the owner's reminder (ADR 057): the value is the days left to order.
    judge: ({ daysToReorder, threshold }) =>
      daysToReorder !== null && daysToReorder <= threshold ? { raise: { value: daysToReorder } } : {},
    // A delivery recorded (or no forecast any more) moves the day away: over.
    clear: ({ daysToReorder, threshold }) =>
      daysToReorder === null || daysToReorder > threshold ? 'clear' : null,
    texts: {
      label: 'labels.alarm.fuelReorder.label',
      description: ({ value, threshold }) =>
        msg('labels.alarm.fuelReorder.description', { value, threshold }),
      action: () => msg('labels.alarm.fuelReorder.action'),
    },
  },
  maintenance_due: {
    raisedBy: 'maintenance-schedule',
    // A task due or overdue by the device's schedule (ADR 059), one alarm per task; marking it done clears it.
    judge: ({ status, left }) => (status === 'ok' ? {} : { raise: { value: left } }),
    clear: ({ status }) => (status === 'ok' ? 'clear' : null),
    texts: {
      label: 'labels.alarm.maintenanceDue.label',
      description: ({ code }) =>
        msg('labels.alarm.maintenanceDue.description', {
          task: msg(
            isMaintenanceTask(code) ? MAINTENANCE_TASK_KEYS[code] : 'pellets.maintenance.unknownTask',
          ),
        }),
      action: () => msg('labels.alarm.maintenanceDue.action'),
    },
  },
  identity_conflict: {
    raisedBy: 'state',
    // Raised while two controllers keep taking the session from each other, cleared once the window has passed
    // without a takeover (or the device was paired again).
    judge: ({ state, now }) =>
      identityConflictActive(state.identityTakeovers, state.identityTakeoverAt, now)
        ? { raise: { value: state.identityTakeovers } }
        : {},
    clear: ({ state, now }) =>
      identityConflictActive(state.identityTakeovers, state.identityTakeoverAt, now) ? null : 'clear',
    texts: {
      label: 'labels.alarm.identityConflict.label',
      description: ({ rawValue }) =>
        msg('labels.alarm.identityConflict.description', {
          takeovers: rawValue ?? IDENTITY_CONFLICT_TAKEOVERS,
        }),
      action: () => msg('labels.alarm.identityConflict.action'),
    },
  },
} as const satisfies Record<string, AlarmRule>
