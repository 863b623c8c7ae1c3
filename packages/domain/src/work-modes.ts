import { type MessageKey, msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

export const WORK_MODE_MIN = 0
export const WORK_MODE_MAX = 17

/** A controller work mode's name (0–17 as the controller reports them in work_mode), as a message (ADR 055). */
export function workModeMessage(mode: number | null | undefined): MessageKey {
  if (mode == null || !Number.isInteger(mode) || mode < WORK_MODE_MIN || mode > WORK_MODE_MAX) {
    return 'labels.workMode.unknown'
  }
  return `labels.workMode.m${mode}` as MessageKey
}

export function workModeLabel(mode: number | null | undefined, language: Language = 'uk'): string {
  return translateMessage(msg(workModeMessage(mode)), language)
}
