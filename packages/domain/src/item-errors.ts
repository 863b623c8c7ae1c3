import { type MessageKey, msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

/**
 * Controller error codes (spec §8). Each has a description worded for a boiler owner rather than a service
 * engineer, and what the owner does about it, in the order to try, the service being the last step
 * (`labels.error.description.*`, `labels.error.action.*`, ADR 055).
 */
export const ERROR_CODES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9', 'E10'] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Normalises 'E3', 'e3', '3' or 3 to 'E3'; anything outside E1–E10 gives null. */
export function toErrorCode(code: string | number | null | undefined): ErrorCode | null {
  if (code == null) return null
  const match = /^e?(\d+)$/i.exec(String(code).trim())
  const key = match ? `E${Number(match[1])}` : ''
  return (ERROR_CODES as readonly string[]).includes(key) ? (key as ErrorCode) : null
}

/** What the owner does about an error: the code's own advice, or to call the service for an unknown code. */
export function errorCodeAction(code: string | number | null | undefined, language: Language = 'uk'): string {
  const key = toErrorCode(code)
  return translateMessage(msg(`labels.error.action.${key ?? 'unknown'}`), language)
}

/** What an error means for the owner; «Невідома помилка» for an unknown code. */
export function errorCodeDescription(
  code: string | number | null | undefined,
  language: Language = 'uk',
): string {
  const key = toErrorCode(code)
  return translateMessage(msg(`labels.error.description.${key ?? 'unknown'}`), language)
}

/** Which circuits were active when the error happened (mode_status of an error event: 0–3). */
export function errorModeStatusLabel(
  status: number | string | null | undefined,
  language: Language = 'uk',
): string {
  const number = status == null || status === '' ? Number.NaN : Number(status)
  const key: MessageKey =
    Number.isInteger(number) && number >= 0 && number <= 3
      ? (`labels.error.modeStatus.m${number}` as MessageKey)
      : 'labels.error.modeStatus.unknown'
  return translateMessage(msg(key), language)
}
