/** Controller error codes (spec §8), worded for a boiler owner rather than a service engineer. */
export const ERROR_CODE_DESCRIPTIONS = {
  E1: "Пальник не розпалився: за весь час розпалу полум'я так і не з'явилося.",
  E2: "Пальник згас під час роботи: без видимої причини, або датчик димових газів чи фотодатчик полум'я перестав передавати дані.",
  E3: 'Теплоносій перегрівся: датчик показує понад 90 °C (аварійна температура).',
  E4: 'Димові гази перегрілися: температура вища за максимум, заданий у сервісному меню.',
  E5: 'Приймач пелет перегрівся: понад 80 °C. Можлива причина: немає тяги або виникла зворотна тяга.',
  E6: 'Бойлер перегрівся: температура вища за задане значення.',
  E7: 'Несправний датчик температури бойлера.',
  E8: 'Несправний датчик температури теплоносія.',
  E9: 'Несправний датчик температури димових газів.',
  E10: 'Датчик температури приймача пелет відсутній або пошкоджений.',
} as const

export type ErrorCode = keyof typeof ERROR_CODE_DESCRIPTIONS

export const ERROR_CODES = Object.keys(ERROR_CODE_DESCRIPTIONS) as ErrorCode[]

export const UNKNOWN_ERROR_LABEL = 'Невідома помилка'

/** Normalises 'E3', 'e3', '3' or 3 to 'E3'; anything outside E1–E10 gives null. */
export function toErrorCode(code: string | number | null | undefined): ErrorCode | null {
  if (code == null) return null
  const match = /^e?(\d+)$/i.exec(String(code).trim())
  const key = match ? `E${Number(match[1])}` : ''
  return key in ERROR_CODE_DESCRIPTIONS ? (key as ErrorCode) : null
}

export function errorCodeDescription(code: string | number | null | undefined): string {
  const key = toErrorCode(code)
  return key ? ERROR_CODE_DESCRIPTIONS[key] : UNKNOWN_ERROR_LABEL
}

/** Which circuits were active when the error happened (mode_status of an error event). */
export const ERROR_MODE_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Вимкнено',
  1: 'Котел',
  2: 'Бойлер',
  3: 'Котел + Бойлер',
}

export const UNKNOWN_MODE_STATUS_LABEL = 'Невідомий'

export function errorModeStatusLabel(status: number | string | null | undefined): string {
  if (status == null || status === '') return UNKNOWN_MODE_STATUS_LABEL
  return ERROR_MODE_STATUS_LABELS[Number(status)] ?? UNKNOWN_MODE_STATUS_LABEL
}
