import { type MessageKey, msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

export const PUMP_MODES = [1, 2, 3, 4] as const

export type PumpMode = (typeof PUMP_MODES)[number]

/**
 * Pump priority as messages: Б is the hot-water tank (бойлер), К the boiler circuit (котел); the first named has
 * priority.
 */
export const PUMP_MODE_MESSAGES: Readonly<Record<PumpMode, MessageKey>> = {
  1: 'labels.pumpMode.m1',
  2: 'labels.pumpMode.m2',
  3: 'labels.pumpMode.m3',
  4: 'labels.pumpMode.m4',
}

/** A pump mode's name; «Не обрано» when none is set. */
export function pumpModeLabel(mode: number | null | undefined, language: Language = 'uk'): string {
  const key = (mode != null && PUMP_MODE_MESSAGES[mode as PumpMode]) || 'labels.pumpMode.unset'
  return translateMessage(msg(key), language)
}
