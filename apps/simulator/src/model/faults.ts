import { type DeviceSettings, type ErrorCode, LIMITS } from '@teplo/domain'
import type { BoilerParams } from './params'
import { type BoilerState, isFiring, WORK_MODE } from './state'

/** Errors after which the controller must not fire the burner until they clear. */
const BURNER_LOCKOUT: readonly ErrorCode[] = ['E1', 'E2', 'E3', 'E4', 'E5', 'E8', 'E9', 'E10']

export function burnerLocked(state: BoilerState): boolean {
  return BURNER_LOCKOUT.some((code) => state.faults[code] !== undefined)
}

/** The tank pump stops on a tank overheat or a faulty tank sensor. */
export function tankPumpBlocked(state: BoilerState): boolean {
  return state.faults.E6 !== undefined || state.faults.E7 !== undefined
}

/** Coolant overheat: every pump runs to carry the heat away. */
export function emergencyCooling(state: BoilerState): boolean {
  return state.faults.E3 !== undefined
}

/** Burner shut-off: a firing burner goes through extinguishing; a flame-loss error drops it at once. */
function shutOff(state: BoilerState, abrupt: boolean): BoilerState {
  if (abrupt)
    return { ...state, burnerPower: 0, flameBrightness: 0, workMode: WORK_MODE.stop, modeSeconds: 0 }
  if (isFiring(state)) return { ...state, workMode: WORK_MODE.extinguishing, modeSeconds: 0 }
  if (state.workMode === WORK_MODE.extinguishing) return state
  return { ...state, workMode: WORK_MODE.stop, modeSeconds: 0 }
}

/** The physical situation that makes a controller raise the code, then its reaction. */
export function applyFault(
  state: BoilerState,
  settings: DeviceSettings,
  params: BoilerParams,
  code: ErrorCode,
): BoilerState {
  const next: BoilerState = { ...state, faults: { ...state.faults, [code]: params.faultHoldSeconds } }
  switch (code) {
    case 'E1':
    case 'E2':
      return shutOff(next, true)
    case 'E3':
      return shutOff({ ...next, heaterTemp: Math.max(next.heaterTemp, LIMITS.coolantAlarmTemp + 2) }, false)
    case 'E4':
      return shutOff({ ...next, gasTemp: Math.max(next.gasTemp, settings.gas_temp_max + 15) }, false)
    case 'E5':
      return shutOff(
        { ...next, receiverTemp: Math.max(next.receiverTemp, LIMITS.pelletReceiverAlarmTemp + 5) },
        false,
      )
    case 'E6':
      return { ...next, tankTemp: Math.min(95, Math.max(next.tankTemp, settings.boiler_temp_set + 8)) }
    case 'E7':
      return next
    case 'E8':
    case 'E9':
    case 'E10':
      return shutOff(next, false)
  }
}

/** Counts fault time down; an overheat keeps its fault while the temperature is still above the alarm. */
export function tickFaults(state: BoilerState, dt: number): BoilerState['faults'] {
  const faults: BoilerState['faults'] = {}
  for (const [code, left] of Object.entries(state.faults) as [ErrorCode, number][]) {
    const stillHot = code === 'E3' && state.heaterTemp > LIMITS.coolantAlarmTemp
    if (left - dt > 0 || stillHot) faults[code] = Math.max(left - dt, 0)
  }
  return faults
}

/** Alarms the controller raises by itself from its sensors (not only when injected). */
export function detectFaults(state: BoilerState, settings: DeviceSettings): ErrorCode[] {
  const raised: ErrorCode[] = []
  if (
    state.faults.E3 === undefined &&
    state.faults.E8 === undefined &&
    state.heaterTemp > LIMITS.coolantAlarmTemp
  ) {
    raised.push('E3')
  }
  const gasWatched = state.faults.E4 === undefined && state.faults.E9 === undefined
  if (gasWatched && isFiring(state) && state.gasTemp > settings.gas_temp_max + 10) raised.push('E4')
  if (state.faults.E5 === undefined && state.receiverTemp > LIMITS.pelletReceiverAlarmTemp) raised.push('E5')
  return raised
}
