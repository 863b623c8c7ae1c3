import { errorCodeAction, errorCodeDescription, toErrorCode } from './item-errors'
import type { Language } from './languages'

/** What raises an alarm on a device (docs/api.md "Alarms and notifications", ADR 023). */
export const ALARM_KINDS = [
  'device_error',
  'offline',
  'overheat',
  'frost',
  'fire_out',
  'fuel_low',
  'identity_conflict',
] as const
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
  identity_conflict: 'Два контролери з одними даними входу',
}

/** The same labels in English (Ukrainian stays the reference wording). */
export const ALARM_KIND_LABELS_EN: Readonly<Record<AlarmKind, string>> = {
  device_error: 'Boiler error',
  offline: 'No connection',
  overheat: 'Boiler water overheating',
  frost: 'Risk of freezing',
  fire_out: 'The flame went out',
  fuel_low: 'Running out of fuel',
  identity_conflict: "Two controllers use this device's identity",
}

export const ALARM_STATE_LABELS: Readonly<Record<AlarmState, string>> = {
  active: 'Активна',
  acknowledged: 'Побачено',
  cleared: 'Минула',
}

export const ALARM_STATE_LABELS_EN: Readonly<Record<AlarmState, string>> = {
  active: 'Active',
  acknowledged: 'Seen',
  cleared: 'Cleared',
}

/** An alarm's state in a language. */
export function alarmStateLabel(state: AlarmState, language: Language = 'uk'): string {
  return (language === 'en' ? ALARM_STATE_LABELS_EN : ALARM_STATE_LABELS)[state]
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

/**
 * Two controllers with one device's credentials take its broker session from each other in turn: each
 * connection says `online` with its own boot id. A boot id that comes back after another one is a takeover
 * (one controller never returns to an earlier boot); this many within the window are a clone (ADR 037).
 */
export const IDENTITY_CONFLICT_TAKEOVERS = 2
export const IDENTITY_CONFLICT_WINDOW_MINUTES = 60

/** Whether two controllers use the device's identity now: enough takeovers, the last within the window. */
export function identityConflictActive(takeovers: number, lastTakeoverAt: Date | null, now: Date): boolean {
  return (
    takeovers >= IDENTITY_CONFLICT_TAKEOVERS &&
    lastTakeoverAt !== null &&
    now.getTime() - lastTakeoverAt.getTime() < IDENTITY_CONFLICT_WINDOW_MINUTES * 60_000
  )
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

const degrees = (value: number | null, language: Language) => {
  if (value === null) return '—'
  const rounded = `${Math.round(value * 10) / 10}`
  return language === 'uk' ? rounded.replace('.', ',') : rounded
}

type AlarmWording = {
  unknownError: (code: string) => string
  offline: (minutes: number) => string
  overheat: (value: string, threshold: string) => string
  frost: (value: string, threshold: string) => string
  fireOut: (minutes: number) => string
  fuelLow: (days: string, threshold: string) => string
  identityConflict: (takeovers: number) => string
  actions: Readonly<Record<Exclude<AlarmKind, 'device_error'>, string>>
}

/** An alarm's sentences in each language, in one place: the e-mail, the push, the API and the screens use them. */
const ALARM_WORDING: Readonly<Record<Language, AlarmWording>> = {
  uk: {
    unknownError: (code) => `Котел повідомив про помилку ${code}.`,
    offline: (minutes) => `Котел не виходить на зв'язок понад ${minutes} хв.`,
    overheat: (value, threshold) => `Температура теплоносія ${value} °C — вища за поріг ${threshold} °C.`,
    frost: (value, threshold) => `Температура теплоносія ${value} °C — нижча за поріг ${threshold} °C.`,
    fireOut: (minutes) =>
      `Котел у режимі опалення, але пальник не горить, а теплоносій холоне вже ${minutes} хв.`,
    fuelLow: (days, threshold) => `За оцінкою пелет залишилося на ${days} дн. (поріг — ${threshold} дн.).`,
    identityConflict: (takeovers) =>
      `Два різні контролери по черзі підключаються з даними входу цього котла (${takeovers} перехоплень з'єднання за годину): налаштування можуть потрапляти не на той котел.`,
    actions: {
      offline:
        'Перевірте живлення котла та доступ до інтернету (роутер, Wi‑Fi). Якщо все працює, а зв’язку немає — зверніться до сервісу.',
      overheat:
        'Не вимикайте живлення: насоси мають охолодити котел. Перевірте циркуляційний насос, крани й тиск у системі.',
      frost:
        'Перевірте, чи працює котел і чи є пелети. Якщо котел довго не працюватиме, захистіть систему від замерзання.',
      fire_out:
        'Перевірте, чи є пелети в бункері й чи подає їх шнек, очистіть пальник і запустіть котел знову.',
      fuel_low: 'Досипте пелети в бункер і позначте заправку в історії пристрою.',
      identity_conflict:
        'Зверніться до інсталятора: хай перевірить, чи не встановлено ці дані входу на другому контролері, і повторно зареєструє котел (контролер отримає нові дані входу).',
    },
  },
  en: {
    unknownError: (code) => `The boiler reported error ${code}.`,
    offline: (minutes) => `The boiler has not been in touch for more than ${minutes} min.`,
    overheat: (value, threshold) =>
      `The boiler water is at ${value} °C, above the threshold of ${threshold} °C.`,
    frost: (value, threshold) =>
      `The boiler water is at ${value} °C, below the threshold of ${threshold} °C.`,
    fireOut: (minutes) =>
      `The boiler is in a heating mode, but the burner is not burning and the water has been cooling for ${minutes} min.`,
    fuelLow: (days, threshold) =>
      `By the estimate, the pellets will last ${days} days (threshold: ${threshold} days).`,
    identityConflict: (takeovers) =>
      `Two different controllers take turns connecting with this boiler's credentials (${takeovers} connection takeovers within an hour): settings may reach the wrong boiler.`,
    actions: {
      offline:
        "Check the boiler's power and the internet connection (router, Wi‑Fi). If everything works and there is still no connection, call the service.",
      overheat:
        'Do not switch the power off: the pumps have to cool the boiler down. Check the circulation pump, the valves and the system pressure.',
      frost:
        'Check that the boiler works and has pellets. If the boiler will stay off for long, protect the system from freezing.',
      fire_out:
        'Check that there are pellets in the hopper and that the auger feeds them, clean the burner and start the boiler again.',
      fuel_low: "Top the hopper up with pellets and record the refill in the device's history.",
      identity_conflict:
        'Call your installer: have them check whether these credentials are installed on a second controller, and pair the boiler again (the controller gets new credentials).',
    },
  },
}

/** What happened, in one sentence for the owner, in the recipient's language (Ukrainian by default). */
export function alarmDescription(alarm: AlarmFacts, language: Language = 'uk'): string {
  const wording = ALARM_WORDING[language]
  const value = degrees(alarm.value, language)
  const threshold = degrees(alarm.threshold, language)
  switch (alarm.kind) {
    case 'device_error':
      return toErrorCode(alarm.code)
        ? errorCodeDescription(alarm.code, language)
        : wording.unknownError(alarm.code)
    case 'offline':
      return wording.offline(alarm.threshold ?? ALARM_SETTING_DEFAULTS.offline_minutes)
    case 'overheat':
      return wording.overheat(value, threshold)
    case 'frost':
      return wording.frost(value, threshold)
    case 'fire_out':
      return wording.fireOut(FIRE_OUT_MINUTES)
    case 'fuel_low':
      return wording.fuelLow(value, threshold)
    case 'identity_conflict':
      return wording.identityConflict(alarm.value ?? IDENTITY_CONFLICT_TAKEOVERS)
  }
}

/** What the owner does about it. */
export function alarmAction(alarm: Pick<AlarmFacts, 'kind' | 'code'>, language: Language = 'uk'): string {
  if (alarm.kind === 'device_error') return errorCodeAction(alarm.code, language)
  return ALARM_WORDING[language].actions[alarm.kind]
}

/** The kind's label in a language. */
export function alarmKindLabel(kind: AlarmKind, language: Language = 'uk'): string {
  return (language === 'en' ? ALARM_KIND_LABELS_EN : ALARM_KIND_LABELS)[kind]
}

/** The headline: the kind, with the code of a controller error. */
export function alarmTitle(alarm: Pick<AlarmFacts, 'kind' | 'code'>, language: Language = 'uk'): string {
  const label = alarmKindLabel(alarm.kind, language)
  return alarm.kind === 'device_error' && alarm.code ? `${label} ${alarm.code}` : label
}
