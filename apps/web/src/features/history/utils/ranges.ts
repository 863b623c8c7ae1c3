/** The ranges the history section offers (issue: 24 h / 7 d / 30 d and a custom range). */
export type RangePreset = '24h' | '7d' | '30d'

export const RANGE_PRESETS: readonly RangePreset[] = ['24h', '7d', '30d']

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const PRESET_MS: Record<RangePreset, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS }

export interface TimeRange {
  from: Date
  to: Date
}

/** A preset range ending now; `now` is rounded down to the minute so that repeated reads share a cache key. */
export function presetRange(preset: RangePreset, now: Date = new Date()): TimeRange {
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
  return { from: new Date(to.getTime() - PRESET_MS[preset]), to }
}

/** The longest custom range the section asks for; the server picks coarser buckets for long ranges anyway. */
export const MAX_CUSTOM_RANGE_DAYS = 731

export type CustomRangeProblem = 'missing' | 'order' | 'future' | 'tooLong'

/**
 * Reads the two `datetime-local` inputs of the custom range. They hold the wall clock of Europe/Kyiv (the time
 * zone every date of the section is shown in), so they are turned into instants with `fromKyivWallClock`.
 */
export function customRange(
  fromValue: string,
  toValue: string,
  now: Date = new Date(),
): { range: TimeRange } | { problem: CustomRangeProblem } {
  const from = fromKyivWallClock(fromValue)
  const to = fromKyivWallClock(toValue)
  if (!from || !to) return { problem: 'missing' }
  if (from.getTime() >= to.getTime()) return { problem: 'order' }
  if (from.getTime() > now.getTime()) return { problem: 'future' }
  if (to.getTime() - from.getTime() > MAX_CUSTOM_RANGE_DAYS * DAY_MS) return { problem: 'tooLong' }
  return { range: { from, to } }
}

/** Whether new live readings belong to the range: it ends within the last few minutes. */
export function rangeIncludesNow(range: TimeRange, now: Date = new Date()): boolean {
  return now.getTime() - range.to.getTime() < 5 * 60_000
}

export const KYIV_TIME_ZONE = 'Europe/Kyiv'

const wallClockFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: KYIV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** How far Kyiv's wall clock is ahead of UTC at an instant (ms): +2 h in winter, +3 h in summer. */
export function kyivOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    wallClockFormatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  )
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant shifted so that its UTC fields read as Kyiv's wall clock. The chart draws its time axis in UTC
 * with these values, so its labels are Kyiv time whatever the viewer's own time zone is.
 */
export function toKyivWallClock(instant: number): number {
  return instant + kyivOffsetMs(instant)
}

/** The inverse of `toKyivWallClock` (for a wall-clock time that exists in Kyiv). */
export function fromKyivWallClockMs(wall: number): number {
  // The offset at the guessed instant is right except within an hour of a clock change; one more step settles it.
  const guess = wall - kyivOffsetMs(wall)
  return wall - kyivOffsetMs(guess)
}

/** '2026-11-24T08:30' (a `datetime-local` value, Kyiv wall clock) → the instant; null when not a date. */
export function fromKyivWallClock(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [, year, month, day, hour, minute] = match.map(Number)
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!)
  const check = new Date(wall)
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null
  return new Date(fromKyivWallClockMs(wall))
}

/** The instant as a `datetime-local` value on Kyiv's wall clock. */
export function toKyivInputValue(instant: Date): string {
  return new Date(toKyivWallClock(instant.getTime())).toISOString().slice(0, 16)
}
