import { type AlarmClearing, type AlarmDeviceState, alarmRuleEntries } from '@teplo/domain'
import type { AlarmCandidate } from './alarm-store.ts'
import type { alarms, alarmWatches } from './alarms.tables.ts'

export type OpenAlarm = typeof alarms.$inferSelect
export type Watch = typeof alarmWatches.$inferSelect
export type ItemState = AlarmDeviceState & {
  id: number
  /** The owner's threshold of each kind that has one (its default when not set), by kind. */
  thresholds: Readonly<Record<string, number>>
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

/**
 * The decisions about one device: pure, from its state, open alarms and watches, by each kind's rule
 * (`ALARM_RULES` in the domain). A kind judged from the state is raised when its rule says so and none of its kind
 * is open; every open alarm is asked whether its condition is gone.
 */
export function judge(
  state: ItemState,
  open: OpenAlarm[],
  watches: Watch[],
  now: Date,
  clearHoldMs: number,
  out: Decisions,
): void {
  /** The condition is gone: the alarm clears after the hold (0: at once). */
  const gone = (alarm: OpenAlarm, holdMs: number) => {
    if (holdMs === 0) out.clear.push(alarm.id)
    else if (!alarm.clearPendingSince) out.pending.push(alarm.id)
    else if (now.getTime() - alarm.clearPendingSince.getTime() >= holdMs) out.clear.push(alarm.id)
  }
  const follow = (alarm: OpenAlarm, clearing: AlarmClearing) => {
    if (clearing === 'clear') gone(alarm, 0)
    else if (clearing === 'clear-after-hold') gone(alarm, clearHoldMs)
    else if (clearing === 'present' && alarm.clearPendingSince) out.resume.push(alarm.id)
  }

  for (const [kind, rule] of alarmRuleEntries()) {
    // The fuel estimate and the pellet store's forecast are judged by the engine's own periodic check.
    if (
      rule.raisedBy === 'fuel-estimate' ||
      rule.raisedBy === 'store-forecast' ||
      rule.raisedBy === 'maintenance-schedule'
    )
      continue
    const threshold = rule.threshold ? (state.thresholds[kind] ?? rule.threshold.default) : null
    const openOfKind = open.filter((alarm) => alarm.kind === kind)
    if (rule.raisedBy === 'state') {
      const watch = watches.find((w) => w.kind === kind) ?? null
      const found = rule.judge({ state, threshold, now, watch })
      if (found.watch === 'drop') {
        if (watch) out.watchDrop.push({ itemId: state.id, kind })
      } else if (found.watch) {
        out.watchSet.push({ itemId: state.id, kind, ...found.watch })
      }
      if (found.raise && openOfKind.length === 0)
        out.raise.push({ itemId: state.id, kind, value: found.raise.value, threshold })
    }
    for (const alarm of openOfKind) {
      follow(alarm, rule.clear({ state, threshold, now, alarm }))
    }
  }
}
