import type { DeviceSettings } from '@teplo/domain'
import type { BurnerTargets } from './controller'
import { type BoilerParams, houseLoadFactor, tankDrawAt } from './params'
import type { PumpState } from './pumps'
import type { BoilerState } from './state'

/** Time constants (s): pellet feed and fan respond in ~20 s, a dying fire in ~40 s, the flue in ~45 s. */
const FEED_TAU = 20
const BURN_OUT_TAU = 40
const FLAME_TAU = 3
const GAS_TAU = 45
const RECEIVER_TAU = 300

/** First-order approach of `value` toward `target`, exact for a constant target over dt. */
export function approach(value: number, target: number, tau: number, dt: number): number {
  return target + (value - target) * Math.exp(-dt / tau)
}

/** Flue gas: near room temperature when cold, above the water temperature and rising with output when firing. */
export function flueGasTarget(burnerPower: number, heaterTemp: number, setPower: number, roomTemp: number) {
  const share = setPower > 0 ? Math.min(1, burnerPower / setPower) : 0
  const warm = Math.min(1, share / 0.05)
  return roomTemp + warm * (heaterTemp + 30 - roomTemp) + 140 * share
}

/** Heat balance over dt seconds (explicit Euler; dt ≤ 1 s keeps it stable for these capacities). */
export function integrate(
  state: BoilerState,
  targets: BurnerTargets,
  pumps: PumpState,
  settings: DeviceSettings,
  params: BoilerParams,
  dt: number,
): BoilerState {
  const tau = targets.targetPower < state.burnerPower && targets.targetPower === 0 ? BURN_OUT_TAU : FEED_TAU
  const burnerPower = approach(state.burnerPower, targets.targetPower, tau, dt)
  const heatIn = burnerPower * params.efficiency
  const houseLossPerK = params.houseLossPerK * houseLoadFactor(params, state.clock)
  const houseLoss = pumps.housePumpOn ? houseLossPerK * Math.max(0, state.heaterTemp - params.indoorTemp) : 0
  const jacketLoss = params.jacketLossPerK * (state.heaterTemp - params.roomTemp)
  const toTank = pumps.tankPumpOn ? params.tankCoilPerK * (state.heaterTemp - state.tankTemp) : 0
  const tankLoss = params.tankLossPerK * (state.tankTemp - params.roomTemp)
  // Hot-water use stops once the tank is no warmer than the cold mains water.
  const tankDraw = state.tankTemp > 12 ? tankDrawAt(params, state.clock) : 0
  const share = settings.burner_power_set > 0 ? burnerPower / settings.burner_power_set : 0

  return {
    ...state,
    ...pumps,
    clock: state.clock + dt,
    workMode: targets.workMode,
    modeSeconds: targets.modeSeconds,
    burnerPower,
    heaterTemp: state.heaterTemp + ((heatIn - houseLoss - jacketLoss - toTank) * dt) / params.waterCapacity,
    tankTemp: state.tankTemp + ((toTank - tankLoss - tankDraw) * dt) / params.tankCapacity,
    flameBrightness: approach(state.flameBrightness, targets.targetFlame, FLAME_TAU, dt),
    gasTemp: approach(
      state.gasTemp,
      flueGasTarget(burnerPower, state.heaterTemp, settings.burner_power_set, params.roomTemp),
      GAS_TAU,
      dt,
    ),
    receiverTemp: approach(
      state.receiverTemp,
      params.roomTemp + 5 + 15 * Math.min(1, share),
      RECEIVER_TAU,
      dt,
    ),
  }
}
