import { SCHEDULE_DAYS, SLOT_CODES, SLOT_MINUTES, type SlotMode, slotMode } from '@teplo/domain'

export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type DayKey = (typeof DAY_KEYS)[number]

/** 'HH:MM' at the start of a half-hour slot; slot 48 is the end of the day, '24:00'. */
export function slotTime(slot: number): string {
  const minutes = slot * SLOT_MINUTES
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

export function modeOf(days: readonly string[], day: number, slot: number): SlotMode {
  return slotMode({ days: [...days] }, day, slot)
}

/** The days with one slot set to a mode (the same array when nothing changes, so React skips a render). */
export function paintSlot(days: readonly string[], day: number, slot: number, mode: SlotMode): string[] {
  const current = days[day] ?? ''
  const code = SLOT_CODES[mode]
  if (current[slot] === code) return days as string[]
  const next = [...days]
  next[day] = current.slice(0, slot) + code + current.slice(slot + 1)
  return next
}

/** The days with `from`'s slots copied onto each of `targets`. */
export function copyDay(days: readonly string[], from: number, targets: readonly number[]): string[] {
  const source = days[from] ?? ''
  return days.map((day, index) => (targets.includes(index) && index < SCHEDULE_DAYS ? source : day))
}
