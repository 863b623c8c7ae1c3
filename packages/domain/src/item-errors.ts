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

/** What the owner does about each controller error, in the order to try; the service is the last step. */
export const ERROR_CODE_ACTIONS = {
  E1: 'Перевірте, чи є пелети в бункері й чи подає їх шнек, очистіть пальник і колосник від золи, потім запустіть котел знову. Якщо помилка повторюється — зверніться до сервісу.',
  E2: "Перевірте запас пелет і подачу, очистіть пальник, фотодатчик полум'я та датчик димових газів. Якщо помилка повторюється — зверніться до сервісу.",
  E3: 'Не вимикайте живлення: насоси мають охолодити котел. Перевірте, чи працює циркуляційний насос, чи відкриті крани й чи є тиск у системі. Запускайте котел лише після охолодження.',
  E4: 'Перевірте чистоту теплообмінника й димоходу та задану потужність пальника; після охолодження запустіть котел знову. Якщо помилка повторюється — зверніться до сервісу.',
  E5: 'Не відкривайте бункер: можливе зворотне горіння. Перевірте тягу в димоході та щільність дверцят і зверніться до сервісу перед наступним запуском.',
  E6: 'Перевірте задану температуру бойлера та режим насосів; дайте воді охолонути. Якщо помилка повторюється — зверніться до сервісу.',
  E7: 'Перевірте підключення датчика температури бойлера й цілість кабелю. Замінити датчик може сервіс.',
  E8: 'Перевірте підключення датчика температури теплоносія й цілість кабелю. Замінити датчик може сервіс.',
  E9: 'Перевірте підключення датчика димових газів і цілість кабелю. Замінити датчик може сервіс.',
  E10: 'Перевірте підключення датчика приймача пелет: без нього котел не працює безпечно. Зверніться до сервісу.',
} as const satisfies Record<ErrorCode, string>

export const UNKNOWN_ERROR_ACTION = 'Зверніться до сервісу й назвіть код помилки.'

export function errorCodeAction(code: string | number | null | undefined): string {
  const key = toErrorCode(code)
  return key ? ERROR_CODE_ACTIONS[key] : UNKNOWN_ERROR_ACTION
}

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
