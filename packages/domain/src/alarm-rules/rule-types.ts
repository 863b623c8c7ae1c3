import type { MessageKey } from '../i18n/message'

/**
 * What the alarm engine knows of a device when it judges it: the live state the items table keeps. A rule reads
 * what it needs; a new rule on one of these readings needs no change to the engine.
 */
export type AlarmDeviceState = {
  status: string
  heaterTemp: number | null
  boilerTemp: number | null
  gasTemp: number | null
  workMode: number | null
  burnerOn: boolean | null
  lastSeenAt: Date | null
  /** The device's own clock of its latest reading. */
  telemetryAt: Date | null
  /** The controller's errors in force as it reports them; null: it does not say (the hold-time rule applies). */
  activeErrors: string[] | null
  /** Codes of the device's error events not yet reported ended (read only for devices that report them). */
  openErrorCodes?: ReadonlySet<string>
  /** Clone detection: takeovers of the device's broker session counted in the window, and the last one. */
  identityTakeovers: number
  identityTakeoverAt: Date | null
}

/** A condition being watched before it becomes an alarm (per device and kind, `alarm_watches`). */
export type AlarmWatch = { since: Date; startValue: number | null }

/** What one look at a device found: raise (with the measured value), and/or start or drop a watch. */
export type AlarmJudgement = {
  raise?: { value: number | null }
  watch?: AlarmWatch | 'drop'
}

/**
 * What an open alarm's condition is now: gone (`clear` at once, `clear-after-hold` once gone for the engine's
 * hold time), `present` again (a hold under way is cancelled), or nothing to say (null).
 */
export type AlarmClearing = 'clear' | 'clear-after-hold' | 'present' | null

export type JudgeContext = {
  state: AlarmDeviceState
  /** The owner's threshold for this kind (or its default); null for a kind without one. */
  threshold: number | null
  now: Date
  watch: AlarmWatch | null
}

export type ClearContext = {
  state: AlarmDeviceState
  threshold: number | null
  now: Date
  alarm: { code: string; raisedAt: Date }
}

/** A fuel estimate's look: days of pellets left (null: no estimate) against the owner's threshold. */
export type EstimateContext = { estimate: number | null; threshold: number }

/**
 * The owner's threshold of a kind (`GET|PATCH /items/{id}/alarm-settings`): one column of `item_alarm_settings`,
 * one attribute, one input of the dashboard's «Пороги тривог».
 */
export interface AlarmThreshold {
  /** The attribute on the wire and the SQL column. */
  setting: string
  /** Property of the `item_alarm_settings` table in the server's schema. */
  column: string
  /** How the column stores it (and whether the answer promises a whole number). */
  storage: 'integer' | 'double'
  default: number
  min: number
  max: number
  /** Only whole numbers are accepted. */
  whole: boolean
  /** Where its input stands in the thresholds form (ascending). */
  order: number
  /** Names it in a refusal: «Поріг перегріву — від 50 до 110 °C». */
  subject: MessageKey
  /** The unit after the range in a refusal. */
  unit: MessageKey
  /** The input's label. */
  field: MessageKey
  /** The line under the input; `{min}` and `{max}` are the limits, written as numbers are on the screen. */
  range: MessageKey
}

/** The facts of an alarm as its texts are written: the numbers already in the language's form. */
export type WordedAlarm = {
  code: string
  /** The measured value and the threshold, formatted (one decimal, the language's separator; '—' for none). */
  value: string
  threshold: string
  /** The same, as numbers (null: none). */
  rawValue: number | null
  rawThreshold: number | null
}

/**
 * A kind's words as messages (ADR 055): its name, what happened and what to do, each rendered in the reader's
 * language (the facts come already formatted for it).
 */
export interface AlarmWording {
  label: MessageKey
  description: (alarm: WordedAlarm) => string
  action: (alarm: WordedAlarm) => string
}

interface RuleBase {
  texts: AlarmWording
}

/** Judged from the device's state on every evaluation: raised and cleared there. */
export interface StateRule extends RuleBase {
  raisedBy: 'state'
  threshold?: AlarmThreshold
  judge: (context: JudgeContext) => AlarmJudgement
  clear: (context: ClearContext) => AlarmClearing
}

/** Raised by the engine's silence watchdog (the threshold in minutes); cleared on evaluation. */
export interface SilenceRule extends RuleBase {
  raisedBy: 'silence'
  threshold: AlarmThreshold
  clear: (context: ClearContext) => AlarmClearing
}

/** Raised by a controller's error event (one alarm per code); cleared on evaluation. */
export interface ControllerErrorRule extends RuleBase {
  raisedBy: 'controller-error'
  threshold?: undefined
  clear: (context: ClearContext) => AlarmClearing
}

/** Judged from the hopper estimate by the engine's periodic fuel check. */
export interface FuelEstimateRule extends RuleBase {
  raisedBy: 'fuel-estimate'
  threshold: AlarmThreshold
  judge: (context: EstimateContext) => AlarmJudgement
  clear: (context: EstimateContext) => AlarmClearing
}

/** A pellet store's look: whole days until the last day to order (0: today or past; null: no forecast). */
export type ReorderContext = { daysToReorder: number | null; threshold: number }

/** Judged from the pellet store's forecast by the engine's periodic fuel check (ADR 057). */
export interface StoreForecastRule extends RuleBase {
  raisedBy: 'store-forecast'
  threshold: AlarmThreshold
  judge: (context: ReorderContext) => AlarmJudgement
  clear: (context: ReorderContext) => AlarmClearing
}

/**
 * A maintenance task's look (ADR 059): its status by the device's schedule. One alarm per task: the task is the
 * alarm's code; the value is what is left until it is due, in the task's measure (negative: overdue).
 */
export type MaintenanceContext = { status: 'ok' | 'due' | 'overdue'; left: number | null }

/** Judged from the maintenance schedule by the engine's periodic check, one alarm per task (ADR 059). */
export interface MaintenanceScheduleRule extends RuleBase {
  raisedBy: 'maintenance-schedule'
  threshold?: undefined
  judge: (context: MaintenanceContext) => AlarmJudgement
  clear: (context: MaintenanceContext) => AlarmClearing
}

export type AlarmRule =
  | StateRule
  | SilenceRule
  | ControllerErrorRule
  | FuelEstimateRule
  | StoreForecastRule
  | MaintenanceScheduleRule
