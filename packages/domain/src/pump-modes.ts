/** Pump priority: Б is the hot-water tank (бойлер), К the boiler circuit (котел). */
export const PUMP_MODE_LABELS: Readonly<Record<number, string>> = {
  1: 'Б+К',
  2: 'Б',
  3: 'К',
  4: 'К+Б',
}

export const PUMP_MODES = [1, 2, 3, 4] as const

export type PumpMode = (typeof PUMP_MODES)[number]

export const PUMP_MODE_UNSET_LABEL = 'Не обрано'

export function pumpModeLabel(mode: number | null | undefined): string {
  if (mode == null) return PUMP_MODE_UNSET_LABEL
  return PUMP_MODE_LABELS[mode] ?? PUMP_MODE_UNSET_LABEL
}
