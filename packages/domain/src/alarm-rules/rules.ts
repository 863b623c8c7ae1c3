import { errorCodeAction, errorCodeDescription, toErrorCode } from '../item-errors'
import {
  ALARM_TEMP_HYSTERESIS,
  FIRE_OUT_DROP,
  FIRE_OUT_MINUTES,
  FIRE_OUT_RISE,
  HEATING_WORK_MODES,
  IDENTITY_CONFLICT_TAKEOVERS,
  identityConflictActive,
  reporting,
} from './conditions'
import type { AlarmRule } from './rule-types'

/**
 * What raises an alarm on a device (docs/api.md "Alarms and notifications", ADR 023, ADR 052), declared once per
 * kind: its words in each language, the owner's threshold (column, default, limits, the input's texts) and how it
 * is judged and cleared. Derived from this table: the kinds (`ALARM_KINDS`, the `alarms` table's check, the
 * notification preferences), the alarm-settings request and response schemas, the `item_alarm_settings` columns,
 * the engine's reading of thresholds and its judging, and the dashboard's «Пороги тривог» form.
 * Adding a kind: see ARCHITECTURE.md, "Adding an alarm kind". The key order is the order kinds are listed in.
 */
export const ALARM_RULES = {
  device_error: {
    raisedBy: 'controller-error',
    // A controller that reports its errors in force: an error it no longer lists (its events all ended) is over.
    // Older controllers: an error is over once the burner has been firing again, in readings after it, for the hold.
    clear: ({ state, alarm }) => {
      if (state.activeErrors !== null) return state.openErrorCodes?.has(alarm.code) ? 'present' : 'clear'
      const firing = state.burnerOn === true && state.lastSeenAt !== null && state.lastSeenAt > alarm.raisedAt
      if (firing) return 'clear-after-hold'
      return state.burnerOn === false ? 'present' : null
    },
    texts: {
      uk: {
        label: 'Помилка котла',
        description: ({ code }) =>
          toErrorCode(code) ? errorCodeDescription(code, 'uk') : `Котел повідомив про помилку ${code}.`,
        action: ({ code }) => errorCodeAction(code, 'uk'),
      },
      en: {
        label: 'Boiler error',
        description: ({ code }) =>
          toErrorCode(code) ? errorCodeDescription(code, 'en') : `The boiler reported error ${code}.`,
        action: ({ code }) => errorCodeAction(code, 'en'),
      },
    },
  },
  offline: {
    raisedBy: 'silence',
    threshold: {
      setting: 'offline_minutes',
      column: 'offlineMinutes',
      storage: 'integer',
      default: 10,
      min: 1,
      max: 1440,
      whole: true,
      order: 3,
      subject: { uk: "Час без зв'язку", en: 'Time without connection' },
      unit: { uk: 'хв', en: 'min' },
      field: { uk: "Без зв'язку, хв", en: 'No connection, min' },
      range: { uk: 'Від {min} до {max} хв, ціле число', en: 'From {min} to {max} min, a whole number' },
    },
    // The watchdog raises it; the device talking again for the hold clears it.
    clear: ({ state, threshold, now }) => {
      const seenRecently =
        threshold !== null &&
        state.lastSeenAt !== null &&
        now.getTime() - state.lastSeenAt.getTime() < threshold * 60_000
      return seenRecently && reporting(state.status) ? 'clear-after-hold' : 'present'
    },
    texts: {
      uk: {
        label: "Немає з'єднання",
        description: ({ rawThreshold }) => `Котел не виходить на зв'язок понад ${rawThreshold} хв.`,
        action: () =>
          'Перевірте живлення котла та доступ до інтернету (роутер, Wi‑Fi). Якщо все працює, а зв’язку немає — зверніться до сервісу.',
      },
      en: {
        label: 'No connection',
        description: ({ rawThreshold }) =>
          `The boiler has not been in touch for more than ${rawThreshold} min.`,
        action: () =>
          "Check the boiler's power and the internet connection (router, Wi‑Fi). If everything works and there is still no connection, call the service.",
      },
    },
  },
  overheat: {
    raisedBy: 'state',
    threshold: {
      setting: 'overheat_temp',
      column: 'overheatTemp',
      storage: 'double',
      default: 90,
      min: 50,
      max: 110,
      whole: false,
      order: 1,
      subject: { uk: 'Поріг перегріву', en: 'Overheating threshold' },
      unit: { uk: '°C', en: '°C' },
      field: { uk: 'Перегрів, °C', en: 'Overheating, °C' },
      range: { uk: 'Від {min} до {max} °C', en: 'From {min} to {max} °C' },
    },
    // Raised past the threshold, cleared only a few degrees back on the safe side.
    judge: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status) || temp <= threshold) return {}
      return { raise: { value: temp } }
    },
    clear: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status)) return null
      return temp <= threshold - ALARM_TEMP_HYSTERESIS.overheat ? 'clear' : null
    },
    texts: {
      uk: {
        label: 'Перегрів теплоносія',
        description: ({ value, threshold }) =>
          `Температура теплоносія ${value} °C — вища за поріг ${threshold} °C.`,
        action: () =>
          'Не вимикайте живлення: насоси мають охолодити котел. Перевірте циркуляційний насос, крани й тиск у системі.',
      },
      en: {
        label: 'Boiler water overheating',
        description: ({ value, threshold }) =>
          `The boiler water is at ${value} °C, above the threshold of ${threshold} °C.`,
        action: () =>
          'Do not switch the power off: the pumps have to cool the boiler down. Check the circulation pump, the valves and the system pressure.',
      },
    },
  },
  frost: {
    raisedBy: 'state',
    threshold: {
      setting: 'frost_temp',
      column: 'frostTemp',
      storage: 'double',
      default: 5,
      min: 0,
      max: 30,
      whole: false,
      order: 2,
      subject: { uk: 'Поріг замерзання', en: 'Freezing threshold' },
      unit: { uk: '°C', en: '°C' },
      field: { uk: 'Загроза замерзання, °C', en: 'Risk of freezing, °C' },
      range: { uk: 'Від {min} до {max} °C', en: 'From {min} to {max} °C' },
    },
    judge: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status) || temp >= threshold) return {}
      return { raise: { value: temp } }
    },
    clear: ({ state, threshold }) => {
      const temp = state.heaterTemp
      if (temp === null || threshold === null || !reporting(state.status)) return null
      return temp >= threshold + ALARM_TEMP_HYSTERESIS.frost ? 'clear' : null
    },
    texts: {
      uk: {
        label: 'Загроза замерзання',
        description: ({ value, threshold }) =>
          `Температура теплоносія ${value} °C — нижча за поріг ${threshold} °C.`,
        action: () =>
          'Перевірте, чи працює котел і чи є пелети. Якщо котел довго не працюватиме, захистіть систему від замерзання.',
      },
      en: {
        label: 'Risk of freezing',
        description: ({ value, threshold }) =>
          `The boiler water is at ${value} °C, below the threshold of ${threshold} °C.`,
        action: () =>
          'Check that the boiler works and has pellets. If the boiler will stay off for long, protect the system from freezing.',
      },
    },
  },
  fire_out: {
    raisedBy: 'state',
    // Heating mode, burner off, water cooling for 15 minutes of the device's own readings (a watch keeps the
    // start); the water warming again or an earlier clock restarts it.
    judge: ({ state, watch }) => {
      const temp = state.heaterTemp
      const clock = state.telemetryAt
      const heating =
        state.status === 'on' &&
        state.workMode !== null &&
        HEATING_WORK_MODES.includes(state.workMode) &&
        state.burnerOn === false
      if (!heating || temp === null || !clock) return watch ? { watch: 'drop' } : {}
      const start = watch?.startValue ?? null
      if (!watch || start === null || temp > start + FIRE_OUT_RISE || clock < watch.since)
        return { watch: { since: clock, startValue: temp } }
      const cooled =
        clock.getTime() - watch.since.getTime() >= FIRE_OUT_MINUTES * 60_000 && temp <= start - FIRE_OUT_DROP
      return cooled ? { raise: { value: temp } } : {}
    },
    // Burning again, or the owner switched the boiler off: over.
    clear: ({ state }) => (state.burnerOn === true || state.status === 'off' ? 'clear' : null),
    texts: {
      uk: {
        label: "Полум'я згасло",
        description: () =>
          `Котел у режимі опалення, але пальник не горить, а теплоносій холоне вже ${FIRE_OUT_MINUTES} хв.`,
        action: () =>
          'Перевірте, чи є пелети в бункері й чи подає їх шнек, очистіть пальник і запустіть котел знову.',
      },
      en: {
        label: 'The flame went out',
        description: () =>
          `The boiler is in a heating mode, but the burner is not burning and the water has been cooling for ${FIRE_OUT_MINUTES} min.`,
        action: () =>
          'Check that there are pellets in the hopper and that the auger feeds them, clean the burner and start the boiler again.',
      },
    },
  },
  fuel_low: {
    raisedBy: 'fuel-estimate',
    threshold: {
      setting: 'fuel_days',
      column: 'fuelDays',
      storage: 'double',
      default: 3,
      min: 1,
      max: 60,
      whole: true,
      order: 4,
      subject: { uk: 'Поріг запасу палива', en: 'Fuel reserve threshold' },
      unit: { uk: 'дн.', en: 'days' },
      field: { uk: 'Запас палива, днів', en: 'Fuel left, days' },
      range: { uk: 'Від {min} до {max} днів, ціле число', en: 'From {min} to {max} days, a whole number' },
    },
    judge: ({ estimate, threshold }) =>
      estimate !== null && estimate < threshold ? { raise: { value: estimate } } : {},
    // No estimate any more (no refill recorded since), or enough pellets: over.
    clear: ({ estimate, threshold }) => (estimate === null || estimate >= threshold ? 'clear' : null),
    texts: {
      uk: {
        label: 'Закінчується паливо',
        description: ({ value, threshold }) =>
          `За оцінкою пелет залишилося на ${value} дн. (поріг — ${threshold} дн.).`,
        action: () => 'Досипте пелети в бункер і позначте заправку в історії пристрою.',
      },
      en: {
        label: 'Running out of fuel',
        description: ({ value, threshold }) =>
          `By the estimate, the pellets will last ${value} days (threshold: ${threshold} days).`,
        action: () => "Top the hopper up with pellets and record the refill in the device's history.",
      },
    },
  },
  identity_conflict: {
    raisedBy: 'state',
    // Raised while two controllers keep taking the session from each other, cleared once the window has passed
    // without a takeover (or the device was paired again).
    judge: ({ state, now }) =>
      identityConflictActive(state.identityTakeovers, state.identityTakeoverAt, now)
        ? { raise: { value: state.identityTakeovers } }
        : {},
    clear: ({ state, now }) =>
      identityConflictActive(state.identityTakeovers, state.identityTakeoverAt, now) ? null : 'clear',
    texts: {
      uk: {
        label: 'Два контролери з одними даними входу',
        description: ({ rawValue }) =>
          `Два різні контролери по черзі підключаються з даними входу цього котла (${rawValue ?? IDENTITY_CONFLICT_TAKEOVERS} перехоплень з'єднання за годину): налаштування можуть потрапляти не на той котел.`,
        action: () =>
          'Зверніться до інсталятора: хай перевірить, чи не встановлено ці дані входу на другому контролері, і повторно зареєструє котел (контролер отримає нові дані входу).',
      },
      en: {
        label: "Two controllers use this device's identity",
        description: ({ rawValue }) =>
          `Two different controllers take turns connecting with this boiler's credentials (${rawValue ?? IDENTITY_CONFLICT_TAKEOVERS} connection takeovers within an hour): settings may reach the wrong boiler.`,
        action: () =>
          'Call your installer: have them check whether these credentials are installed on a second controller, and pair the boiler again (the controller gets new credentials).',
      },
    },
  },
} as const satisfies Record<string, AlarmRule>
