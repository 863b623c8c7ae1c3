import type { DeviceSettings, ErrorCode } from '@teplo/domain'
import { controlBurner } from './controller'
import { applyFault, detectFaults, tickFaults } from './faults'
import type { BoilerParams } from './params'
import { integrate } from './physics'
import { decidePumps } from './pumps'
import { ignitionFailed } from './service'
import { type BoilerState, isFiring } from './state'

/** Longest physics sub-step, seconds. */
const MAX_SUBSTEP = 1

export interface StepResult {
  state: BoilerState
  /** Errors the controller raised by itself during the step. */
  raised: ErrorCode[]
}

function substep(state: BoilerState, settings: DeviceSettings, params: BoilerParams, dt: number): StepResult {
  const pumps = decidePumps(state, settings, params)
  const targets = controlBurner(state, settings, params, dt)
  let next = integrate(state, targets, pumps, settings, params, dt)
  next = { ...next, faults: tickFaults(next, dt) }
  const raised = detectFaults(next, settings)
  if (ignitionFailed(next, params)) raised.push('E1')
  for (const code of raised) next = applyFault(next, settings, params, code)
  return { state: next, raised }
}

/**
 * Advances the boiler by `seconds` of simulated time under fixed settings. Pure. A coarser `maxSubstep` trades
 * detail for speed (the demo's generated history uses 10 s).
 */
export function stepBoiler(
  state: BoilerState,
  settings: DeviceSettings,
  params: BoilerParams,
  seconds: number,
  maxSubstep = MAX_SUBSTEP,
): StepResult {
  let current = state
  const raised: ErrorCode[] = []
  let left = Math.max(0, seconds)
  while (left > 1e-9) {
    const dt = Math.min(maxSubstep, left)
    const result = substep(current, settings, params, dt)
    // The controller's counters: seconds fired, and each ignition (from not firing to firing).
    const firing = isFiring(result.state)
    current = {
      ...result.state,
      burnerSeconds: current.burnerSeconds + (firing ? dt : 0),
      ignitions: current.ignitions + (firing && !isFiring(current) ? 1 : 0),
    }
    raised.push(...result.raised)
    left -= dt
  }
  return { state: current, raised }
}
