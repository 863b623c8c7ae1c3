import type { DeviceSettings } from '@teplo/domain'
import { burnerLocked } from './faults'
import type { BoilerParams } from './params'
import { burnerShape, catchSeconds, FLAME_BASE, FLAME_SPAN, ignitionShare } from './service'
import { type BoilerState, FIRING_MODES, isFiring, WORK_MODE } from './state'

export interface BurnerTargets {
  workMode: number
  modeSeconds: number
  /** Output the pellet feed and fan aim at, kW. */
  targetPower: number
  /** Brightness the photocell would see at that output, percent. */
  targetFlame: number
}

function enter(workMode: number): Pick<BurnerTargets, 'workMode' | 'modeSeconds'> {
  return { workMode, modeSeconds: 0 }
}

/** Next work mode after `dt` seconds: ignition → stabilisation → work → extinguishing → pause → waiting. */
function nextMode(state: BoilerState, settings: DeviceSettings, params: BoilerParams, dt: number) {
  const mustStop = settings.power === 'off' || burnerLocked(state)
  const elapsed = state.modeSeconds + dt
  const atSetPoint = state.heaterTemp >= settings.heater_temp_set
  const demand = state.heaterTemp < settings.heater_temp_set - settings.heater_hysteresis
  const stay = { workMode: state.workMode, modeSeconds: elapsed }

  if (mustStop) {
    if (isFiring(state)) return enter(WORK_MODE.extinguishing)
    if (state.workMode === WORK_MODE.extinguishing && elapsed < params.extinguishSeconds) return stay
    return state.workMode === WORK_MODE.stop ? stay : enter(WORK_MODE.stop)
  }
  switch (state.workMode) {
    case WORK_MODE.ignition:
      // Lit once the photocell sees the flame threshold; without it by the longest ignition time, E1 (step.ts).
      return elapsed >= params.ignitionSeconds && state.flameBrightness >= params.service.flame_threshold
        ? enter(WORK_MODE.stabilisation)
        : stay
    case WORK_MODE.stabilisation:
      if (atSetPoint) return enter(WORK_MODE.extinguishing)
      if (elapsed < params.stabilisationSeconds) return stay
      return enter(settings.burner_mod ? WORK_MODE.workModulated : WORK_MODE.workFull)
    case WORK_MODE.workModulated:
    case WORK_MODE.workFull:
      if (atSetPoint) return enter(WORK_MODE.extinguishing)
      // Modulation switched on or off while working takes effect at once.
      return {
        workMode: settings.burner_mod ? WORK_MODE.workModulated : WORK_MODE.workFull,
        modeSeconds: elapsed,
      }
    case WORK_MODE.extinguishing:
      return elapsed >= params.extinguishSeconds ? enter(WORK_MODE.pause) : stay
    case WORK_MODE.pause:
      return elapsed >= params.pauseSeconds ? enter(WORK_MODE.waitingAutoStart) : stay
    case WORK_MODE.waitingAutoStart:
      return demand ? enter(WORK_MODE.ignition) : stay
    default:
      // Stop (after power on or a cleared error) and any mode the model does not drive lead back to waiting.
      return enter(WORK_MODE.waitingAutoStart)
  }
}

/** Share of burner_power_set the controller aims at in a mode; modulation is proportional below the set point. */
function aimedShare(workMode: number, state: BoilerState, s: DeviceSettings, p: BoilerParams) {
  switch (workMode) {
    case WORK_MODE.stabilisation:
      return 0.5
    case WORK_MODE.workFull:
      return 1
    case WORK_MODE.workModulated: {
      const share = (s.heater_temp_set - state.heaterTemp) / p.modulationBand
      const limited = state.gasTemp > s.gas_temp_max - 10 ? 0.5 : 1
      return Math.min(1, Math.max(p.minModulation, share * limited))
    }
    default:
      return 0
  }
}

/** Output the burner aims at in a mode, shaped by the feeder and the fan (service parameters), and its flame. */
function targetPower(
  workMode: number,
  modeSeconds: number,
  state: BoilerState,
  s: DeviceSettings,
  p: BoilerParams,
) {
  const full = s.burner_power_set
  if (workMode === WORK_MODE.ignition) {
    // The igniter heats the first pellets; a small flame only appears once they catch.
    const lit = modeSeconds > catchSeconds(p.service, p)
    return { power: lit ? full * ignitionShare(p.service, p) : 0, flameFactor: 1 }
  }
  const shape = burnerShape(p.service, aimedShare(workMode, state, s, p), state.clock)
  return { power: full * shape.output, flameFactor: shape.flameFactor }
}

export function controlBurner(
  state: BoilerState,
  settings: DeviceSettings,
  params: BoilerParams,
  dt: number,
): BurnerTargets {
  const mode = nextMode(state, settings, params, dt)
  const { power, flameFactor } = targetPower(mode.workMode, mode.modeSeconds, state, settings, params)
  const share = settings.burner_power_set > 0 ? state.burnerPower / settings.burner_power_set : 0
  // During ignition the photocell sees nothing until the first pellets catch.
  const lit = FIRING_MODES.includes(mode.workMode) && (mode.workMode !== WORK_MODE.ignition || power > 0)
  const targetFlame = lit ? Math.min(100, FLAME_BASE + FLAME_SPAN * share * flameFactor) : 0
  return { ...mode, targetPower: power, targetFlame }
}
