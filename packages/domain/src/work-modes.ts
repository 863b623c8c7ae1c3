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

export const WORK_MODE_MIN = 0
export const WORK_MODE_MAX = 17

export const UNKNOWN_WORK_MODE_LABEL = 'Невідомий режим'

export function workModeLabel(mode: number | null | undefined): string {
  if (mode == null) return UNKNOWN_WORK_MODE_LABEL
  return WORK_MODE_LABELS[mode] ?? UNKNOWN_WORK_MODE_LABEL
}
