/**
 * The weekly schedule of a boiler (ADR 026): 7 days × 48 half-hour slots, each comfort or reduced, followed by
 * the controller in the boiler's local time. A reduced slot lowers the boiler-water and tank set points by the
 * schedule's reductions. Pure: the local time comes from Intl, so DST is the time zone database's business.
 */

/** The boiler's local time: every Teplo boiler is in Ukraine. */
export const SCHEDULE_TIME_ZONE = 'Europe/Kyiv'
export const SCHEDULE_DAYS = 7
export const SLOTS_PER_DAY = 48
export const SLOT_MINUTES = 30

/** One slot on the wire: 'c' comfort, 'r' reduced. A day is 48 of them, 00:00 first. */
export const SLOT_CODES = { comfort: 'c', reduced: 'r' } as const
export type SlotMode = keyof typeof SLOT_CODES

/** Reductions in whole °C, for the boiler water and for the tank. */
export const SCHEDULE_LIMITS = { reduction: { min: 0, max: 30 } } as const

export type WeeklySchedule = {
  enabled: boolean
  /** °C taken off heater_temp_set in a reduced slot. */
  heater_reduction: number
  /** °C taken off boiler_temp_set (the tank) in a reduced slot. */
  boiler_reduction: number
  /** Monday first; each exactly 48 × 'c' | 'r'. */
  days: string[]
}

export const COMFORT_DAY = SLOT_CODES.comfort.repeat(SLOTS_PER_DAY)

/** What a device has before anyone sets a schedule: off, comfort all week. */
export const DEFAULT_WEEKLY_SCHEDULE: WeeklySchedule = {
  enabled: false,
  heater_reduction: 10,
  boiler_reduction: 5,
  days: Array.from({ length: SCHEDULE_DAYS }, () => COMFORT_DAY),
}

/** The period the controller is in: its mode and when it ends (null: the mode never changes). */
export type SchedulePeriod = { mode: SlotMode; until: string | null }

export function slotMode(schedule: Pick<WeeklySchedule, 'days'>, day: number, slot: number): SlotMode {
  return schedule.days[day]?.[slot] === SLOT_CODES.reduced ? 'reduced' : 'comfort'
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether the runtime knows a time zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

/** Day of the week (0 = Monday) and half-hour slot (0–47) of an instant in a time zone's local time. */
export function localSlot(at: Date, timeZone = SCHEDULE_TIME_ZONE): { day: number; slot: number } {
  const parts = formatterFor(timeZone).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const day = WEEKDAYS.indexOf(part('weekday'))
  const minutes = Number(part('hour')) * 60 + Number(part('minute'))
  return { day, slot: Math.floor(minutes / SLOT_MINUTES) }
}

const SLOT_MS = SLOT_MINUTES * 60_000

/**
 * The period in effect at `at`, or null when the schedule is off. `until` is the next slot boundary whose mode
 * differs, found by walking real half hours (UTC): local offsets in Ukraine are whole hours, so every UTC half
 * hour is a local slot boundary, a skipped spring hour is never visited and a repeated autumn hour is visited
 * twice — the boiler follows the wall clock through DST.
 */
export function schedulePeriodAt(
  schedule: WeeklySchedule,
  at: Date,
  timeZone = SCHEDULE_TIME_ZONE,
): SchedulePeriod | null {
  if (!schedule.enabled) return null
  const { day, slot } = localSlot(at, timeZone)
  const mode = slotMode(schedule, day, slot)
  let boundary = Math.floor(at.getTime() / SLOT_MS) * SLOT_MS + SLOT_MS
  // A week and a DST hour: if nothing differs by then, nothing ever will.
  for (let step = 0; step <= SCHEDULE_DAYS * SLOTS_PER_DAY + 2; step += 1) {
    const next = localSlot(new Date(boundary), timeZone)
    if (slotMode(schedule, next.day, next.slot) !== mode)
      return { mode, until: new Date(boundary).toISOString() }
    boundary += SLOT_MS
  }
  return { mode, until: null }
}

/** Two schedules are the same when every member is (what the server compares with the controller's report). */
export function sameSchedule(a: WeeklySchedule, b: WeeklySchedule): boolean {
  return (
    a.enabled === b.enabled &&
    a.heater_reduction === b.heater_reduction &&
    a.boiler_reduction === b.boiler_reduction &&
    a.days.length === b.days.length &&
    a.days.every((day, index) => day === b.days[index])
  )
}

/** Hours per week in reduced slots (the change log's summary of the grid). */
export function reducedHoursPerWeek(schedule: Pick<WeeklySchedule, 'days'>): number {
  const slots = schedule.days
    .join('')
    .split('')
    .filter((code) => code === SLOT_CODES.reduced).length
  return (slots * SLOT_MINUTES) / 60
}
