import type { AlarmRule, AlarmThreshold } from './rule-types'
import { ALARM_RULES } from './rules'

type Rules = typeof ALARM_RULES

export type AlarmKind = keyof Rules

/** The kinds whose alarm is compared with a threshold the owner sets. */
export type AlarmThresholdKind = {
  [Kind in AlarmKind]: Rules[Kind] extends { threshold: AlarmThreshold } ? Kind : never
}[AlarmKind]

/** The owner's thresholds by attribute name (`overheat_temp`, …), as the API reads and writes them. */
export type AlarmThresholdValues = {
  [Kind in AlarmThresholdKind as Rules[Kind]['threshold']['setting']]: number
}
export type AlarmThresholdSetting = keyof AlarmThresholdValues

/** Every kind with its rule, in the table's order (read at call time, so a test's added rule is seen). */
export function alarmRuleEntries(): [AlarmKind, AlarmRule][] {
  return Object.entries(ALARM_RULES) as [AlarmKind, AlarmRule][]
}

export function alarmRule(kind: AlarmKind): AlarmRule {
  return (ALARM_RULES as Record<AlarmKind, AlarmRule>)[kind]
}

/** The kinds raised one way (by the device's state, the silence watchdog, an error event, the fuel estimate). */
export function alarmRulesRaisedBy<Source extends AlarmRule['raisedBy']>(
  source: Source,
): [AlarmKind, Extract<AlarmRule, { raisedBy: Source }>][] {
  return alarmRuleEntries().filter(
    (entry): entry is [AlarmKind, Extract<AlarmRule, { raisedBy: Source }>] => entry[1].raisedBy === source,
  )
}

export type ThresholdEntry = { kind: AlarmKind; threshold: AlarmThreshold }

/** The kinds' thresholds, in the kinds' order (`threshold.order` places them in the form). */
export function alarmThresholds(): ThresholdEntry[] {
  return alarmRuleEntries().flatMap(([kind, rule]) =>
    rule.threshold ? [{ kind, threshold: rule.threshold }] : [],
  )
}

/** Every threshold at its default, by attribute name. */
export function alarmThresholdDefaults(): AlarmThresholdValues {
  return Object.fromEntries(
    alarmThresholds().map(({ threshold }) => [threshold.setting, threshold.default]),
  ) as AlarmThresholdValues
}
