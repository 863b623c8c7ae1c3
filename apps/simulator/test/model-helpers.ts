import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from '@teplo/domain'
import { type BoilerParams, DEFAULT_PARAMS } from '../src/model/params'
import { type BoilerState, initialState } from '../src/model/state'
import { stepBoiler } from '../src/model/step'

export const params: BoilerParams = DEFAULT_PARAMS

export function settingsWith(overrides: Partial<DeviceSettings> = {}): DeviceSettings {
  return { ...DEFAULT_DEVICE_SETTINGS, ...overrides }
}

/** Runs the model for `seconds`, sampling the state every `every` seconds (fake time, no clocks). */
export function run(
  state: BoilerState,
  settings: DeviceSettings,
  seconds: number,
  every = 10,
): { state: BoilerState; samples: BoilerState[] } {
  const samples: BoilerState[] = []
  let current = state
  for (let t = 0; t < seconds; t += every) {
    current = stepBoiler(current, settings, params, every).state
    samples.push(current)
  }
  return { state: current, samples }
}

export function coldBoiler(overrides: Partial<BoilerState> = {}): BoilerState {
  return { ...initialState(params), ...overrides }
}

/** Work modes in the order they were entered, without repeats. */
export function modeSequence(samples: BoilerState[]): number[] {
  const modes: number[] = []
  for (const sample of samples) if (modes.at(-1) !== sample.workMode) modes.push(sample.workMode)
  return modes
}
