import { type AlarmKind, alarmRule } from './alarm-rules/rule-entries'
import { ALARM_RULES } from './alarm-rules/rules'
import { msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

export * from './alarm-rules/conditions'
export * from './alarm-rules/rule-entries'
export * from './alarm-rules/rule-types'
export { ALARM_RULES } from './alarm-rules/rules'

/** What raises an alarm on a device: the kinds of `ALARM_RULES`, in its order. */
export const ALARM_KINDS = Object.keys(ALARM_RULES) as readonly AlarmKind[]

/** An alarm's lifecycle: active → acknowledged (someone saw it) → cleared (the condition ended). */
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const
export type AlarmState = (typeof ALARM_STATES)[number]

/** The channels a notification goes out on besides the in-app list, which always records it. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** An alarm's state in a language. */
export function alarmStateLabel(state: AlarmState, language: Language = 'uk'): string {
  return translateMessage(msg(`labels.alarmState.${state}`), language)
}

/** Quiet hours are read on the Kyiv clock. */
export const NOTIFICATION_TIME_ZONE = 'Europe/Kyiv'

export type AlarmFacts = {
  kind: AlarmKind
  code: string
  /** The measured value that raised it (°C, days) and the threshold in force, when there is one. */
  value: number | null
  threshold: number | null
}

const formatted = (value: number | null, language: Language) => {
  if (value === null) return '—'
  const rounded = `${Math.round(value * 10) / 10}`
  return language === 'uk' ? rounded.replace('.', ',') : rounded
}

/** The facts as a kind's texts take them; an alarm without its threshold is read with the kind's default. */
function worded(alarm: Pick<AlarmFacts, 'kind' | 'code'> & Partial<AlarmFacts>, language: Language) {
  const value = alarm.value ?? null
  const threshold = alarm.threshold ?? alarmRule(alarm.kind).threshold?.default ?? null
  return {
    code: alarm.code,
    value: formatted(value, language),
    threshold: formatted(threshold, language),
    rawValue: value,
    rawThreshold: threshold,
  }
}

/** What happened, in one sentence for the owner, in the recipient's language (Ukrainian by default). */
export function alarmDescription(alarm: AlarmFacts, language: Language = 'uk'): string {
  return translateMessage(alarmRule(alarm.kind).texts.description(worded(alarm, language)), language)
}

/** What the owner does about it. */
export function alarmAction(alarm: Pick<AlarmFacts, 'kind' | 'code'>, language: Language = 'uk'): string {
  return translateMessage(alarmRule(alarm.kind).texts.action(worded(alarm, language)), language)
}

/** The kind's label in a language. */
export function alarmKindLabel(kind: AlarmKind, language: Language = 'uk'): string {
  return translateMessage(msg(alarmRule(kind).texts.label), language)
}

/** The headline: the kind, with the code of a controller error. */
export function alarmTitle(alarm: Pick<AlarmFacts, 'kind' | 'code'>, language: Language = 'uk'): string {
  const label = alarmKindLabel(alarm.kind, language)
  return alarm.code ? `${label} ${alarm.code}` : label
}
