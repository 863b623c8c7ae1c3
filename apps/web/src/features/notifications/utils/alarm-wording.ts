import { type AlarmKind, alarmAction, alarmDescription, alarmTitle, type Language } from '@teplo/domain'

/** What an alarm or a notification says about itself on the wire, the same in every language. */
export type AlarmFactsOnWire = {
  kind: AlarmKind
  code: string
  value: number | null
  threshold: number | null
}

/**
 * An alarm's title, what happened and what to do, worded on the screen in its language from the alarm's facts:
 * the server's texts are in the account's language as it was when they were read, and would stay so after a
 * switch until the next read.
 */
export function alarmWording(facts: AlarmFactsOnWire, language: Language) {
  return {
    title: alarmTitle(facts, language),
    description: alarmDescription(facts, language),
    action: alarmAction(facts, language),
  }
}
