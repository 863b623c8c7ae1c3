import {
  DEFAULT_DEVICE_SETTINGS,
  type DeviceSettings,
  type ErrorCode,
  type TelemetryMessage,
} from '@teplo/domain'
import { HopperOwner } from './hopper'
import { applyFault } from './model/faults'
import { outdoorTemp } from './model/outdoor'
import { paramsForSerial } from './model/params'
import { errorEventReadings, telemetryReadings } from './model/readings'
import { initialState } from './model/state'
import { stepBoiler } from './model/step'

// A month of a boiler's past, run through the same physics as the live simulator, for the demo boilers'
// history: heating every day with a night setback, one controller error that the controller cleared by itself,
// one outage, switched off for a night and a hopper topped up before it runs low (hopper.ts). Deterministic for a
// serial, a span and a set power.

export type HistoricReading = Omit<TelemetryMessage, 'boot_id' | 'seq' | 'settings_version'> & {
  heater_temp_set: number
  boiler_temp_set: number
  is_on: boolean
}

export interface HistoricError {
  ts: string
  /** When the controller reported it over (it recovers on its own after its hold time). */
  endedTs: string
  code: ErrorCode
  readings: ReturnType<typeof errorEventReadings>
}

export type HistoricChange =
  | { ts: string; kind: 'on' | 'off' }
  | { ts: string; kind: 'settings'; settings: Record<string, number> }

export interface GeneratedHistory {
  readings: HistoricReading[]
  errors: HistoricError[]
  changes: HistoricChange[]
  refills: { ts: string; kg: number }[]
}

export interface HistoryScenario {
  serial: string
  from: Date
  to: Date
  /** Seconds between readings (the live controllers send every 5–10 s; a month at 60 s stays light). */
  stepSeconds?: number
  hopperKg?: number
  /** The boiler's set power (kW), as the live controller has it. */
  burnerPowerSet?: number
}

/** The error of the past: an ignition that failed once (the controller tries again after its hold time). */
const PAST_ERROR: ErrorCode = 'E1'

const DAY_S = 86_400
const DAY_SETPOINT = 70
const NIGHT_SETPOINT = 58

/** Kyiv's hour of the day (UTC+2 in winter; the setback does not need the summer hour). */
const kyivHour = (ms: number) => (new Date(ms).getUTCHours() + 2) % 24

/**
 * The same past as `simulateHistory`, a day at a time (from `from`, in 24-hour slices): a caller can store or send
 * each day while the next is computed, instead of holding the whole span. The physics runs on across the slices.
 */
export function* simulateHistoryDays(scenario: HistoryScenario): Generator<GeneratedHistory> {
  const step = scenario.stepSeconds ?? 60
  const start = scenario.from.getTime()
  const end = scenario.to.getTime()
  const days = (end - start) / 1000 / DAY_S
  const params = paramsForSerial(scenario.serial)
  let state = initialState(params, { heaterTemp: 55, tankTemp: 48 })
  let settings: DeviceSettings = {
    ...DEFAULT_DEVICE_SETTINGS,
    heater_temp_set: DAY_SETPOINT,
    boiler_temp_set: 50,
    ...(scenario.burnerPowerSet === undefined ? {} : { burner_power_set: scenario.burnerPowerSet }),
  }
  const hopper = new HopperOwner({ capacityKg: scenario.hopperKg ?? 200, start, end })
  // The episodes, placed by fractions of the span so that a shorter span keeps them all.
  const at = (fraction: number) => start + Math.floor(days * fraction * DAY_S) * 1000
  const errorAt = at(0.35)
  const outage = { from: at(0.62), to: at(0.62) + 6 * 3600_000 }
  const off = { from: at(0.8), to: at(0.8) + 10 * 3600_000 }
  let errorRaised = false
  let night = kyivHour(start) >= 23 || kyivHour(start) < 6
  let ms = start
  while (ms < end) {
    const day: GeneratedHistory = { readings: [], errors: [], changes: [], refills: [] }
    const dayEnd = Math.min(end, ms + DAY_S * 1000)
    for (; ms < dayEnd; ms += step * 1000) {
      const ts = new Date(ms).toISOString()
      if (ms >= off.from && settings.power === 'on' && ms < off.to) {
        settings = { ...settings, power: 'off' }
        day.changes.push({ ts, kind: 'off' })
      } else if (ms >= off.to && settings.power === 'off') {
        settings = { ...settings, power: 'on' }
        day.changes.push({ ts, kind: 'on' })
      }
      const nightNow = kyivHour(ms) >= 23 || kyivHour(ms) < 6
      if (nightNow !== night) {
        night = nightNow
        settings = { ...settings, heater_temp_set: night ? NIGHT_SETPOINT : DAY_SETPOINT }
        day.changes.push({ ts, kind: 'settings', settings: { heater_temp_set: settings.heater_temp_set } })
      }
      if (!errorRaised && ms >= errorAt) {
        errorRaised = true
        state = applyFault(state, settings, params, PAST_ERROR)
        const endedTs = new Date(ms + params.faultHoldSeconds * 1000).toISOString()
        day.errors.push({ ts, endedTs, code: PAST_ERROR, readings: errorEventReadings(state, settings) })
      }
      const refill = hopper.topUp(ms, kyivHour(ms))
      if (refill !== null) day.refills.push({ ts, kg: refill })
      state = stepBoiler(state, settings, params, step, 10).state
      if (ms >= outage.from && ms < outage.to) continue
      hopper.burn(state.burnerPower, step)
      day.readings.push({
        ts,
        // The past reports the outdoor temperature, not the counters: the live boiler's counters start at its
        // first start (commissioning), and a counter must never go back.
        ...telemetryReadings(state, settings),
        outdoor_temp: outdoorTemp(ms),
        heater_temp_set: settings.heater_temp_set,
        boiler_temp_set: settings.boiler_temp_set,
        is_on: settings.power === 'on',
      })
    }
    yield day
  }
}

export function simulateHistory(scenario: HistoryScenario): GeneratedHistory {
  const history: GeneratedHistory = { readings: [], errors: [], changes: [], refills: [] }
  for (const day of simulateHistoryDays(scenario)) {
    for (const reading of day.readings) history.readings.push(reading)
    history.errors.push(...day.errors)
    history.changes.push(...day.changes)
    history.refills.push(...day.refills)
  }
  return history
}
