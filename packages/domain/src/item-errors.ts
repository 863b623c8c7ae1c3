import type { Language } from './languages'

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

/** The same descriptions in English (Ukrainian stays the reference wording). */
export const ERROR_CODE_DESCRIPTIONS_EN = {
  E1: 'The burner did not light: no flame appeared during the whole ignition.',
  E2: 'The burner went out while working: for no visible reason, or the flue gas sensor or the flame sensor stopped sending data.',
  E3: 'The boiler water overheated: the sensor reads above 90 °C (the emergency temperature).',
  E4: 'The flue gases overheated: their temperature is above the maximum set in the service menu.',
  E5: 'The pellet inlet overheated: above 80 °C. A possible cause: no draught, or a back draught.',
  E6: 'The hot water tank overheated: its temperature is above the set value.',
  E7: 'The hot water tank temperature sensor is faulty.',
  E8: 'The boiler water temperature sensor is faulty.',
  E9: 'The flue gas temperature sensor is faulty.',
  E10: 'The pellet inlet temperature sensor is missing or damaged.',
} as const satisfies Record<ErrorCode, string>

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

/** The same actions in English. */
export const ERROR_CODE_ACTIONS_EN = {
  E1: 'Check that there are pellets in the hopper and that the auger feeds them, clean the ash from the burner and the grate, then start the boiler again. If the error comes back, call the service.',
  E2: 'Check the pellet supply and feed, clean the burner, the flame sensor and the flue gas sensor. If the error comes back, call the service.',
  E3: 'Do not switch the power off: the pumps have to cool the boiler down. Check that the circulation pump works, the valves are open and the system has pressure. Start the boiler only once it has cooled down.',
  E4: 'Check that the heat exchanger and the chimney are clean and the burner power set; start the boiler again once it has cooled down. If the error comes back, call the service.',
  E5: 'Do not open the hopper: the fire may burn back. Check the chimney draught and that the doors close tightly, and call the service before the next start.',
  E6: 'Check the hot water tank temperature set and the pump mode; let the water cool down. If the error comes back, call the service.',
  E7: 'Check the connection of the hot water tank temperature sensor and its cable. The service can replace the sensor.',
  E8: 'Check the connection of the boiler water temperature sensor and its cable. The service can replace the sensor.',
  E9: 'Check the connection of the flue gas sensor and its cable. The service can replace the sensor.',
  E10: 'Check the connection of the pellet inlet sensor: without it the boiler does not work safely. Call the service.',
} as const satisfies Record<ErrorCode, string>

export const UNKNOWN_ERROR_ACTION = 'Зверніться до сервісу й назвіть код помилки.'
export const UNKNOWN_ERROR_ACTION_EN = 'Call the service and give them the error code.'

const ERROR_TEXTS = {
  uk: {
    descriptions: ERROR_CODE_DESCRIPTIONS,
    actions: ERROR_CODE_ACTIONS,
    unknownAction: UNKNOWN_ERROR_ACTION,
  },
  en: {
    descriptions: ERROR_CODE_DESCRIPTIONS_EN,
    actions: ERROR_CODE_ACTIONS_EN,
    unknownAction: UNKNOWN_ERROR_ACTION_EN,
  },
} as const satisfies Record<Language, unknown>

export function errorCodeAction(code: string | number | null | undefined, language: Language = 'uk'): string {
  const key = toErrorCode(code)
  const texts = ERROR_TEXTS[language]
  return key ? texts.actions[key] : texts.unknownAction
}

export const ERROR_CODES = Object.keys(ERROR_CODE_DESCRIPTIONS) as ErrorCode[]

export const UNKNOWN_ERROR_LABEL = 'Невідома помилка'
export const UNKNOWN_ERROR_LABEL_EN = 'Unknown error'

/** Normalises 'E3', 'e3', '3' or 3 to 'E3'; anything outside E1–E10 gives null. */
export function toErrorCode(code: string | number | null | undefined): ErrorCode | null {
  if (code == null) return null
  const match = /^e?(\d+)$/i.exec(String(code).trim())
  const key = match ? `E${Number(match[1])}` : ''
  return key in ERROR_CODE_DESCRIPTIONS ? (key as ErrorCode) : null
}

export function errorCodeDescription(
  code: string | number | null | undefined,
  language: Language = 'uk',
): string {
  const key = toErrorCode(code)
  if (key) return ERROR_TEXTS[language].descriptions[key]
  return language === 'en' ? UNKNOWN_ERROR_LABEL_EN : UNKNOWN_ERROR_LABEL
}

/** Which circuits were active when the error happened (mode_status of an error event). */
export const ERROR_MODE_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Вимкнено',
  1: 'Котел',
  2: 'Бойлер',
  3: 'Котел + Бойлер',
}

/** The same circuits in English: the heating circuit and the hot water tank. */
export const ERROR_MODE_STATUS_LABELS_EN: Readonly<Record<number, string>> = {
  0: 'Off',
  1: 'Heating',
  2: 'Hot water tank',
  3: 'Heating + hot water tank',
}

export const UNKNOWN_MODE_STATUS_LABEL = 'Невідомий'
export const UNKNOWN_MODE_STATUS_LABEL_EN = 'Unknown'

export function errorModeStatusLabel(
  status: number | string | null | undefined,
  language: Language = 'uk',
): string {
  const [labels, unknown] =
    language === 'en'
      ? [ERROR_MODE_STATUS_LABELS_EN, UNKNOWN_MODE_STATUS_LABEL_EN]
      : [ERROR_MODE_STATUS_LABELS, UNKNOWN_MODE_STATUS_LABEL]
  if (status == null || status === '') return unknown
  return labels[Number(status)] ?? unknown
}
