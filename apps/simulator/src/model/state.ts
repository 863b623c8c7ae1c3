import type { ErrorCode } from '@teplo/domain'
import type { BoilerParams } from './params'

export const WORK_MODE = {
  stop: 1,
  extinguishing: 4,
  workModulated: 6,
  workFull: 7,
  ignition: 8,
  stabilisation: 9,
  pause: 12,
  waitingAutoStart: 16,
} as const

/** Modes in which the burner is firing (pellets fed, fan running). */
export const FIRING_MODES: readonly number[] = [
  WORK_MODE.ignition,
  WORK_MODE.stabilisation,
  WORK_MODE.workModulated,
  WORK_MODE.workFull,
]

/** True physical values; what sensors report is derived in readings.ts (a faulty sensor reads null). */
export interface BoilerState {
  /** Simulated seconds since the model started. */
  clock: number
  heaterTemp: number
  tankTemp: number
  gasTemp: number
  /** Pellet receiver (feeder) temperature, watched for back-burn (E5). */
  receiverTemp: number
  /** Burner heat output, kW. */
  burnerPower: number
  flameBrightness: number
  workMode: number
  /** Seconds spent in the current work mode. */
  modeSeconds: number
  housePumpOn: boolean
  tankPumpOn: boolean
  /** Tank thermostat latch: charging from set − hysteresis until set. */
  tankCharging: boolean
  /** Active errors with the seconds their effect still lasts. */
  faults: Partial<Record<ErrorCode, number>>
  /** The controller's own counters since commissioning: seconds the burner fired, and its ignitions. */
  burnerSeconds: number
  ignitions: number
}

export function initialState(params: BoilerParams, start: { heaterTemp?: number; tankTemp?: number } = {}) {
  const state: BoilerState = {
    clock: 0,
    heaterTemp: start.heaterTemp ?? 40,
    tankTemp: start.tankTemp ?? 38,
    gasTemp: params.roomTemp,
    receiverTemp: params.roomTemp,
    burnerPower: 0,
    flameBrightness: 0,
    workMode: WORK_MODE.waitingAutoStart,
    modeSeconds: 0,
    housePumpOn: false,
    tankPumpOn: false,
    tankCharging: false,
    faults: {},
    burnerSeconds: 0,
    ignitions: 0,
  }
  return state
}

export function isFiring(state: BoilerState): boolean {
  return FIRING_MODES.includes(state.workMode)
}

/** The last readings a server kept of a controller (null: never reported). */
export interface LastReadings {
  heaterTemp: number | null
  tankTemp: number | null
  gasTemp: number | null
  burnerPower: number | null
  flameBrightness: number | null
  workMode: number | null
  /** The controller's counters as last reported (absent or null: start from 0). */
  burnerHours?: number | null
  ignitions?: number | null
}

const RESUMABLE_MODES: readonly number[] = Object.values(WORK_MODE)

/**
 * A boiler picking up where its last readings left it (a demo boiler after a server restart), instead of starting
 * cold: temperatures, flame and work mode as they were; what the readings do not say starts as in initialState.
 */
export function resumedState(params: BoilerParams, last: LastReadings): BoilerState {
  const state = initialState(params, {
    ...(last.heaterTemp !== null ? { heaterTemp: last.heaterTemp } : {}),
    ...(last.tankTemp !== null ? { tankTemp: last.tankTemp } : {}),
  })
  if (last.gasTemp !== null) state.gasTemp = last.gasTemp
  // The counters never go back: a restarted controller carries on from what it last reported.
  if (last.burnerHours != null) state.burnerSeconds = last.burnerHours * 3600
  if (last.ignitions != null) state.ignitions = last.ignitions
  if (last.workMode !== null && RESUMABLE_MODES.includes(last.workMode)) {
    state.workMode = last.workMode
    if (isFiring(state)) {
      state.burnerPower = last.burnerPower ?? 0
      state.flameBrightness = last.flameBrightness ?? 0
    }
  }
  return state
}
