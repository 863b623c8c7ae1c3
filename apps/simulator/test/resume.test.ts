import { describe, expect, it } from 'vitest'
import { ControllerRuntime } from '../src/controller-runtime'
import { DEFAULT_PARAMS } from '../src/model/params'
import { initialState, resumedState, WORK_MODE } from '../src/model/state'

const T0 = Date.parse('2025-01-31T10:00:00.000Z')

const last = {
  heaterTemp: 68.5,
  tankTemp: 51,
  gasTemp: 142,
  burnerPower: 14,
  flameBrightness: 77,
  workMode: WORK_MODE.workModulated,
}

describe('a boiler resumed from its last readings', () => {
  it('reports them at once instead of a cold start', () => {
    const cold = new ControllerRuntime({ bootId: 'a', params: DEFAULT_PARAMS, speed: 1, startMs: T0 })
    const resumed = new ControllerRuntime({
      bootId: 'b',
      params: DEFAULT_PARAMS,
      speed: 1,
      startMs: T0,
      state: resumedState(DEFAULT_PARAMS, last),
    })
    expect(cold.telemetry(T0)).toMatchObject({ heater_temp: 40, work_mode: WORK_MODE.waitingAutoStart })
    expect(resumed.telemetry(T0)).toMatchObject({
      heater_temp: 68.5,
      boiler_temp: 51,
      gas_temp: 142,
      work_mode: WORK_MODE.workModulated,
      burner_power: 14,
    })
  })

  it('starts as a cold boiler where a reading is missing or the mode is not one it can carry on', () => {
    const none = { ...last, heaterTemp: null, tankTemp: null, gasTemp: null, workMode: 2 }
    expect(resumedState(DEFAULT_PARAMS, none)).toEqual(initialState(DEFAULT_PARAMS))
  })

  it('keeps the flame out when it was not firing', () => {
    const state = resumedState(DEFAULT_PARAMS, { ...last, workMode: WORK_MODE.pause })
    expect(state).toMatchObject({
      workMode: WORK_MODE.pause,
      burnerPower: 0,
      flameBrightness: 0,
      heaterTemp: 68.5,
    })
  })
})
