import type { Language } from './languages'

/** Controller work modes 0–17 as the controller reports them in work_mode. */
export const WORK_MODE_LABELS: Readonly<Record<number, string>> = {
  0: 'Налаштування потужності',
  1: 'Зупинка',
  2: 'Резерв',
  3: 'Допалювання',
  4: 'Згасання',
  5: 'Підтримання горіння',
  6: 'Робота з модуляцією',
  7: 'Робота без модуляції',
  8: 'Розпал',
  9: 'Стабілізація',
  10: 'Робота на дровах',
  11: "Пошук полум'я",
  12: 'Пауза',
  13: 'Очікування колосника',
  14: 'Термостат',
  15: 'Очищення пальника',
  16: 'Очікування автозапуску',
  17: 'Попереднє очищення',
}

/** The same modes in English (Ukrainian stays the reference wording). */
export const WORK_MODE_LABELS_EN: Readonly<Record<number, string>> = {
  0: 'Power setup',
  1: 'Stopped',
  2: 'Standby',
  3: 'Burning off',
  4: 'Going out',
  5: 'Keeping the fire',
  6: 'Running with modulation',
  7: 'Running without modulation',
  8: 'Ignition',
  9: 'Stabilising',
  10: 'Running on wood',
  11: 'Looking for a flame',
  12: 'Pause',
  13: 'Waiting for the grate',
  14: 'Thermostat',
  15: 'Cleaning the burner',
  16: 'Waiting for auto-start',
  17: 'Pre-cleaning',
}

export const WORK_MODE_MIN = 0
export const WORK_MODE_MAX = 17

export const UNKNOWN_WORK_MODE_LABEL = 'Невідомий режим'

const UNKNOWN_WORK_MODE_LABEL_EN = 'Unknown mode'

export function workModeLabel(mode: number | null | undefined, language: Language = 'uk'): string {
  const [labels, unknown] =
    language === 'en'
      ? [WORK_MODE_LABELS_EN, UNKNOWN_WORK_MODE_LABEL_EN]
      : [WORK_MODE_LABELS, UNKNOWN_WORK_MODE_LABEL]
  if (mode == null) return unknown
  return labels[mode] ?? unknown
}
