import { describe, expect, it } from 'vitest'
import { applyFault, burnerLocked } from '../src/model/faults'
import { errorEventReadings, telemetryReadings } from '../src/model/readings'
import { type BoilerState, isFiring, WORK_MODE } from '../src/model/state'
import { stepBoiler } from '../src/model/step'
import { coldBoiler, modeSequence, params, run, settingsWith } from './model-helpers'

const settings = settingsWith({ pump_mode: 1, heater_temp_set: 65 })

function workingBoiler(): BoilerState {
  const { state } = run(coldBoiler({ heaterTemp: 30 }), settings, 15 * 60)
  expect(state.workMode).toBe(WORK_MODE.workModulated)
  return state
}

describe('injected errors', () => {
  it('E3 raises the coolant above 90 °C, stops the burner and runs every pump to shed the heat', () => {
    const state = applyFault(workingBoiler(), settings, params, 'E3')
    expect(state.heaterTemp).toBeGreaterThan(90)
    expect(state.workMode).toBe(WORK_MODE.extinguishing)
    expect(errorEventReadings(state, settings).heater_temp).toBeGreaterThan(90)

    const after = stepBoiler(state, settings, params, 5).state
    expect(after.housePumpOn && after.tankPumpOn).toBe(true)
    const { samples } = run(after, settings, 10 * 60)
    expect(samples.every((s) => !isFiring(s))).toBe(true)
    expect(samples.at(-1)?.heaterTemp).toBeLessThan(90)
  })

  it('E1 and E2 put the flame out at once and stop', () => {
    for (const code of ['E1', 'E2'] as const) {
      const state = applyFault(workingBoiler(), settings, params, code)
      expect(state).toMatchObject({ workMode: WORK_MODE.stop, burnerPower: 0, flameBrightness: 0 })
      expect(burnerLocked(state)).toBe(true)
    }
  })

  it('E4 and E5 overheat the flue gas and the pellet receiver and extinguish', () => {
    const e4 = applyFault(workingBoiler(), settings, params, 'E4')
    expect(e4.gasTemp).toBeGreaterThan(settings.gas_temp_max)
    expect(e4.workMode).toBe(WORK_MODE.extinguishing)
    const e5 = applyFault(workingBoiler(), settings, params, 'E5')
    expect(e5.receiverTemp).toBeGreaterThan(80)
    expect(e5.workMode).toBe(WORK_MODE.extinguishing)
  })

  it('E6 overheats the tank above its set point and stops the tank pump, the burner keeps working', () => {
    const state = applyFault(workingBoiler(), settings, params, 'E6')
    expect(state.tankTemp).toBeGreaterThan(settings.boiler_temp_set)
    const after = run(state, settings, 60).state
    expect(after.tankPumpOn).toBe(false)
    expect(isFiring(after)).toBe(true)
  })

  it('E7, E8 and E9 make their sensor read null; E8, E9 and E10 stop the burner, E7 does not', () => {
    const working = workingBoiler()
    const e7 = applyFault(working, settings, params, 'E7')
    expect(telemetryReadings(e7, settings).boiler_temp).toBeNull()
    expect(isFiring(run(e7, settings, 60).state)).toBe(true)
    expect(telemetryReadings(applyFault(working, settings, params, 'E8'), settings).heater_temp).toBeNull()
    expect(telemetryReadings(applyFault(working, settings, params, 'E9'), settings).gas_temp).toBeNull()
    for (const code of ['E8', 'E9', 'E10'] as const) {
      const { samples } = run(applyFault(working, settings, params, code), settings, 5 * 60)
      expect(modeSequence(samples).slice(-1)).toEqual([WORK_MODE.stop])
    }
  })

  it('recovers on its own once the error has cleared and starts again', () => {
    const state = applyFault(workingBoiler(), settings, params, 'E2')
    const { samples } = run(state, settings, params.faultHoldSeconds + 15 * 60, 1)
    expect(modeSequence(samples)).toEqual(
      expect.arrayContaining([WORK_MODE.stop, WORK_MODE.waitingAutoStart, WORK_MODE.ignition]),
    )
    expect(samples.at(-1)?.faults).toEqual({})
  })
})

describe('errors the controller raises itself', () => {
  it('raises E3 when the coolant goes above 90 °C, once', () => {
    const overheated = coldBoiler({ heaterTemp: 93 })
    const first = stepBoiler(overheated, settings, params, 5)
    expect(first.raised).toEqual(['E3'])
    expect(stepBoiler(first.state, settings, params, 5).raised).toEqual([])
  })

  it('reports circuits and burner power in percent in the event', () => {
    const state = { ...workingBoiler(), burnerPower: 50 }
    expect(errorEventReadings(state, settingsWith({ burner_power_set: 100, pump_mode: 2 }))).toMatchObject({
      burner_power: 50,
      mode_status: 2,
    })
    expect(errorEventReadings(state, settingsWith({ power: 'off' })).mode_status).toBe(0)
  })
})
