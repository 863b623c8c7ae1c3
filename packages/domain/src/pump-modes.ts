import type { Language } from './languages'

/** Pump priority: Б is the hot-water tank (бойлер), К the boiler circuit (котел). */
export const PUMP_MODE_LABELS: Readonly<Record<number, string>> = {
  1: 'Б+К',
  2: 'Б',
  3: 'К',
  4: 'К+Б',
}

/** In English: the hot-water tank and the heating circuit, the first named has priority. */
export const PUMP_MODE_LABELS_EN: Readonly<Record<number, string>> = {
  1: 'Tank + heating',
  2: 'Tank',
  3: 'Heating',
  4: 'Heating + tank',
}

export const PUMP_MODES = [1, 2, 3, 4] as const

export type PumpMode = (typeof PUMP_MODES)[number]

export const PUMP_MODE_UNSET_LABEL = 'Не обрано'

export function pumpModeLabel(mode: number | null | undefined, language: Language = 'uk'): string {
  const [labels, unset] =
    language === 'en' ? [PUMP_MODE_LABELS_EN, 'Not chosen'] : [PUMP_MODE_LABELS, PUMP_MODE_UNSET_LABEL]
  if (mode == null) return unset
  return labels[mode] ?? unset
}
