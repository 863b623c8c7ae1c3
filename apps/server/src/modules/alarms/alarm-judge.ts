import {
  ALARM_TEMP_HYSTERESIS,
  FIRE_OUT_DROP,
  FIRE_OUT_MINUTES,
  HEATING_WORK_MODES,
  identityConflictActive,
} from '@teplo/domain'
import type { alarms, alarmWatches } from '../../db/schema.ts'
import type { AlarmCandidate } from './alarm-store.ts'

export type OpenAlarm = typeof alarms.$inferSelect
export type Watch = typeof alarmWatches.$inferSelect
export type ItemState = {
  id: number
  status: string
  heaterTemp: number | null
  workMode: number | null
  burnerOn: boolean | null
  lastSeenAt: Date | null
  telemetryAt: Date | null
  /** The controller's errors in force as it reports them; null: it does not say (the hold-time rule applies). */
  activeErrors: string[] | null
  /** Codes of the device's error events not yet reported ended (read only for devices that report them). */
  openErrorCodes?: ReadonlySet<string>
  offlineMinutes: number
  overheatTemp: number
  frostTemp: number
  /** Clone detection: takeovers of the device's broker session counted in the window, and the last one. */
  identityTakeovers: number
  identityTakeoverAt: Date | null
}

/** What one evaluation decided; written in a few statements afterwards. */
export type Decisions = {
  raise: AlarmCandidate[]
  clear: number[]
  pending: number[]
  resume: number[]
  watchSet: { itemId: number; kind: string; since: Date; startValue: number | null }[]
  watchDrop: { itemId: number; kind: string }[]
}

const FIRE_OUT_MS = FIRE_OUT_MINUTES * 60_000
/** Water warming by more than this restarts the "cooling" watch: heat is being made. */
const FIRE_OUT_RISE = 0.5

/** The decisions about one device: pure, from its state, open alarms and watches. */
export function judge(
  state: ItemState,
  open: OpenAlarm[],
  watches: Watch[],
  now: Date,
  clearHoldMs: number,
  out: Decisions,
): void {
  const openOf = (kind: string) => open.filter((alarm) => alarm.kind === kind)
  /** The condition is gone: the alarm clears after the hold (0: at once). */
  const gone = (alarm: OpenAlarm, holdMs: number) => {
    if (holdMs === 0) out.clear.push(alarm.id)
    else if (!alarm.clearPendingSince) out.pending.push(alarm.id)
    else if (now.getTime() - alarm.clearPendingSince.getTime() >= holdMs) out.clear.push(alarm.id)
  }
  const present = (alarm: OpenAlarm) => {
    if (alarm.clearPendingSince) out.resume.push(alarm.id)
  }
  const temp = state.heaterTemp
  const reporting = state.status === 'on' || state.status === 'off'

  // Overheat and frost: raised past the threshold, cleared only a few degrees back on the safe side.
  if (temp !== null && reporting) {
    if (temp > state.overheatTemp) {
      if (openOf('overheat').length === 0)
        out.raise.push({ itemId: state.id, kind: 'overheat', value: temp, threshold: state.overheatTemp })
    }
    for (const alarm of openOf('overheat')) {
      if (temp <= state.overheatTemp - ALARM_TEMP_HYSTERESIS.overheat) gone(alarm, 0)
    }
    if (temp < state.frostTemp) {
      if (openOf('frost').length === 0)
        out.raise.push({ itemId: state.id, kind: 'frost', value: temp, threshold: state.frostTemp })
    }
    for (const alarm of openOf('frost')) {
      if (temp >= state.frostTemp + ALARM_TEMP_HYSTERESIS.frost) gone(alarm, 0)
    }
  }

  // The fire went out: heating mode, burner off, water cooling for 15 minutes of the device's own readings.
  const clock = state.telemetryAt
  const heating =
    state.status === 'on' &&
    state.workMode !== null &&
    HEATING_WORK_MODES.includes(state.workMode) &&
    state.burnerOn === false
  const watch = watches.find((w) => w.kind === 'fire_out')
  if (heating && temp !== null && clock) {
    const start = watch?.startValue ?? null
    if (!watch || start === null || temp > start + FIRE_OUT_RISE || clock < watch.since) {
      out.watchSet.push({ itemId: state.id, kind: 'fire_out', since: clock, startValue: temp })
    } else if (
      clock.getTime() - watch.since.getTime() >= FIRE_OUT_MS &&
      temp <= start - FIRE_OUT_DROP &&
      openOf('fire_out').length === 0
    ) {
      out.raise.push({ itemId: state.id, kind: 'fire_out', value: temp, threshold: null })
    }
  } else {
    if (watch) out.watchDrop.push({ itemId: state.id, kind: 'fire_out' })
    // Burning again, or the owner switched the boiler off: over.
    for (const alarm of openOf('fire_out')) {
      if (state.burnerOn === true || state.status === 'off') gone(alarm, 0)
    }
  }

  // Silence: the watchdog raises it; the device talking again for the hold clears it.
  const seenRecently =
    state.lastSeenAt !== null && now.getTime() - state.lastSeenAt.getTime() < state.offlineMinutes * 60_000
  for (const alarm of openOf('offline')) {
    if (seenRecently && reporting) gone(alarm, clearHoldMs)
    else present(alarm)
  }

  // A controller that reports its errors in force: an error it no longer lists (its events all ended) is over.
  // Older controllers: an error is over once the burner has been firing again, in readings after it, for the hold.
  for (const alarm of openOf('device_error')) {
    if (state.activeErrors !== null) {
      if (state.openErrorCodes?.has(alarm.code)) present(alarm)
      else gone(alarm, 0)
      continue
    }
    const firing = state.burnerOn === true && state.lastSeenAt !== null && state.lastSeenAt > alarm.raisedAt
    if (firing) gone(alarm, clearHoldMs)
    else if (state.burnerOn === false) present(alarm)
  }

  // Two controllers with one identity: raised while they keep taking the session from each other, cleared once
  // the window has passed without a takeover (or the device was paired again).
  const cloned = identityConflictActive(state.identityTakeovers, state.identityTakeoverAt, now)
  if (cloned && openOf('identity_conflict').length === 0)
    out.raise.push({
      itemId: state.id,
      kind: 'identity_conflict',
      value: state.identityTakeovers,
      threshold: null,
    })
  if (!cloned) for (const alarm of openOf('identity_conflict')) gone(alarm, 0)
}
