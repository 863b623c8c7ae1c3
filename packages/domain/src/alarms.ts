import { ERROR_CODE_ACTIONS, ERROR_CODE_DESCRIPTIONS, toErrorCode } from './item-errors'

/** What raises an alarm on a device (docs/api.md "Alarms and notifications", ADR 023). */
export const ALARM_KINDS = ['device_error', 'offline', 'overheat', 'frost', 'fire_out', 'fuel_low'] as const
export type AlarmKind = (typeof ALARM_KINDS)[number]

/** An alarm's lifecycle: active → acknowledged (someone saw it) → cleared (the condition ended). */
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const
export type AlarmState = (typeof ALARM_STATES)[number]

/** The channels a notification goes out on besides the in-app list, which always records it. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

export const ALARM_KIND_LABELS: Readonly<Record<AlarmKind, string>> = {
  device_error: 'Помилка котла',
  offline: "Немає з'єднання",
  overheat: 'Перегрів теплоносія',
  frost: 'Загроза замерзання',
  fire_out: "Полум'я згасло",
  fuel_low: 'Закінчується паливо',
}

export const ALARM_STATE_LABELS: Readonly<Record<AlarmState, string>> = {
  active: 'Активна',
  acknowledged: 'Побачено',
  cleared: 'Минула',
}

/** Per-device thresholds an owner may change, with their defaults and limits. */
export const ALARM_SETTING_DEFAULTS = {
  offline_minutes: 10,
  overheat_temp: 90,
  frost_temp: 5,
  fuel_days: 3,
} as const

export const ALARM_SETTING_LIMITS = {
  offline_minutes: { min: 1, max: 1440 },
  overheat_temp: { min: 50, max: 110 },
  frost_temp: { min: 0, max: 30 },
  fuel_days: { min: 1, max: 60 },
} as const

/** A temperature alarm clears only this many degrees back on the safe side of its threshold (hysteresis). */
export const ALARM_TEMP_HYSTERESIS = { overheat: 5, frost: 3 } as const

/** "The fire went out": burner off in a heating work mode and the water cooling for this long. */
export const FIRE_OUT_MINUTES = 15
/** …by at least this much over that time. */
export const FIRE_OUT_DROP = 2

/**
 * Work modes in which the controller means to be heating (supervision, modulation, full power, ignition,
 * stabilisation, flame search): with the burner off in one of these, the fire may have gone out.
 */
export const HEATING_WORK_MODES: readonly number[] = [5, 6, 7, 8, 9, 11]

/** Quiet hours are read on the Kyiv clock. */
export const NOTIFICATION_TIME_ZONE = 'Europe/Kyiv'

export type AlarmFacts = {
  kind: AlarmKind
  code: string
  /** The measured value that raised it (°C, days) and the threshold in force, when there is one. */
  value: number | null
  threshold: number | null
}

const degrees = (value: number | null) =>
  value === null ? '—' : `${Math.round(value * 10) / 10}`.replace('.', ',')

/** What happened, in one sentence for the owner. */
export function alarmDescription(alarm: AlarmFacts): string {
  switch (alarm.kind) {
    case 'device_error': {
      const code = toErrorCode(alarm.code)
      return code ? ERROR_CODE_DESCRIPTIONS[code] : `Котел повідомив про помилку ${alarm.code}.`
    }
    case 'offline':
      return `Котел не виходить на зв'язок понад ${alarm.threshold ?? ALARM_SETTING_DEFAULTS.offline_minutes} хв.`
    case 'overheat':
      return `Температура теплоносія ${degrees(alarm.value)} °C — вища за поріг ${degrees(alarm.threshold)} °C.`
    case 'frost':
      return `Температура теплоносія ${degrees(alarm.value)} °C — нижча за поріг ${degrees(alarm.threshold)} °C.`
    case 'fire_out':
      return `Котел у режимі опалення, але пальник не горить, а теплоносій холоне вже ${FIRE_OUT_MINUTES} хв.`
    case 'fuel_low':
      return `За оцінкою пелет залишилося на ${degrees(alarm.value)} дн. (поріг — ${degrees(alarm.threshold)} дн.).`
  }
}

/** What the owner does about it. */
export function alarmAction(alarm: Pick<AlarmFacts, 'kind' | 'code'>): string {
  switch (alarm.kind) {
    case 'device_error': {
      const code = toErrorCode(alarm.code)
      return code ? ERROR_CODE_ACTIONS[code] : 'Зверніться до сервісу й назвіть код помилки.'
    }
    case 'offline':
      return 'Перевірте живлення котла та доступ до інтернету (роутер, Wi‑Fi). Якщо все працює, а зв’язку немає — зверніться до сервісу.'
    case 'overheat':
      return 'Не вимикайте живлення: насоси мають охолодити котел. Перевірте циркуляційний насос, крани й тиск у системі.'
    case 'frost':
      return 'Перевірте, чи працює котел і чи є пелети. Якщо котел довго не працюватиме, захистіть систему від замерзання.'
    case 'fire_out':
      return 'Перевірте, чи є пелети в бункері й чи подає їх шнек, очистіть пальник і запустіть котел знову.'
    case 'fuel_low':
      return 'Досипте пелети в бункер і позначте заправку в історії пристрою.'
  }
}

/** The headline: the kind, with the code of a controller error. */
export function alarmTitle(alarm: Pick<AlarmFacts, 'kind' | 'code'>): string {
  return alarm.kind === 'device_error' && alarm.code
    ? `${ALARM_KIND_LABELS.device_error} ${alarm.code}`
    : ALARM_KIND_LABELS[alarm.kind]
}
