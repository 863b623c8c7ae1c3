import { describe, expect, it } from 'vitest'
import { WORK_MODE } from '../src/model/state'
import { coldBoiler, modeSequence, run, settingsWith } from './model-helpers'

const HOUR = 3600

describe('heating to the set point', () => {
  it('heats cold water to the set point and holds it within the hysteresis for an hour', () => {
    const settings = settingsWith({ heater_temp_set: 65, heater_hysteresis: 5, pump_mode: 1 })
    const warmUp = run(coldBoiler({ heaterTemp: 30 }), settings, HOUR)
    const reached = warmUp.samples.findIndex((s) => s.heaterTemp >= 60)
    expect(reached).toBeGreaterThan(0)
    expect(reached * 10).toBeLessThan(30 * 60)

    const held = run(warmUp.state, settings, HOUR)
    for (const sample of held.samples) {
      expect(sample.heaterTemp).toBeGreaterThanOrEqual(60 - 0.5)
      expect(sample.heaterTemp).toBeLessThanOrEqual(65 + 1)
    }
  })

  it('starts the burner below set − hysteresis and stops it at the set point (light load cycles)', () => {
    const settings = settingsWith({ heater_temp_set: 60, heater_hysteresis: 5, pump_mode: 2 })
    const { samples } = run(coldBoiler({ heaterTemp: 50 }), settings, 3 * HOUR, 1)
    const ignitions = samples.filter(
      (s, i) => i > 0 && s.workMode === WORK_MODE.ignition && s.modeSeconds === 0,
    )
    const stops = samples.filter((s) => s.workMode === WORK_MODE.extinguishing && s.modeSeconds === 0)
    expect(ignitions.length).toBeGreaterThanOrEqual(1)
    expect(stops.length).toBeGreaterThanOrEqual(2)
    // The state after a mode change holds the temperature that triggered it.
    for (const s of ignitions) expect(s.heaterTemp).toBeLessThan(55.1)
    for (const s of stops) expect(s.heaterTemp).toBeGreaterThanOrEqual(59.9)
  })

  it('goes through ignition, stabilisation, work with modulation, extinguishing, pause and waiting', () => {
    const settings = settingsWith({ heater_temp_set: 60, pump_mode: 2 })
    const { samples } = run(coldBoiler({ heaterTemp: 40 }), settings, 2 * HOUR, 1)
    expect(modeSequence(samples).slice(0, 7)).toEqual([
      WORK_MODE.ignition,
      WORK_MODE.stabilisation,
      WORK_MODE.workModulated,
      WORK_MODE.extinguishing,
      WORK_MODE.pause,
      WORK_MODE.waitingAutoStart,
      WORK_MODE.ignition,
    ])
  })

  it('works in mode 7 at full power when modulation is off', () => {
    const settings = settingsWith({ burner_mod: false, burner_power_set: 40 })
    const { samples } = run(coldBoiler({ heaterTemp: 30 }), settings, 20 * 60, 1)
    expect(modeSequence(samples).slice(0, 3)).toEqual([
      WORK_MODE.ignition,
      WORK_MODE.stabilisation,
      WORK_MODE.workFull,
    ])
    const settled = samples.filter((s) => s.workMode === WORK_MODE.workFull && s.modeSeconds > 120)
    expect(settled.length).toBeGreaterThan(0)
    for (const s of settled) expect(s.burnerPower).toBeCloseTo(40, 0)
  })
})

describe('modulation', () => {
  it('keeps the burner between 5 % and the set power while modulating, well below full power once held', () => {
    const settings = settingsWith({ burner_power_set: 60, heater_temp_set: 60, pump_mode: 1 })
    const { samples } = run(coldBoiler({ heaterTemp: 30 }), settings, 2 * HOUR, 5)
    const working = samples.filter((s) => s.workMode === WORK_MODE.workModulated && s.modeSeconds > 120)
    expect(working.length).toBeGreaterThan(100)
    for (const s of working) {
      expect(s.burnerPower).toBeLessThanOrEqual(60 + 1e-9)
      expect(s.burnerPower).toBeGreaterThanOrEqual(0.05 * 60 - 0.1)
    }
    // Once the water is held (second hour) the burner runs well below its full power.
    const held = working.filter((s) => s.clock > HOUR)
    expect(held.length).toBeGreaterThan(0)
    for (const s of held) expect(s.burnerPower).toBeLessThan(0.75 * 60)
  })

  it('never goes below 5 % of the set power even with no heat demand at all', () => {
    const settings = settingsWith({ burner_power_set: 100, heater_temp_set: 60, pump_mode: 2 })
    const { samples } = run(coldBoiler({ heaterTemp: 40, tankTemp: 55 }), settings, HOUR, 1)
    const modulating = samples.filter((s) => s.workMode === WORK_MODE.workModulated && s.modeSeconds > 100)
    expect(modulating.length).toBeGreaterThan(0)
    expect(Math.min(...modulating.map((s) => s.burnerPower))).toBeGreaterThanOrEqual(5 - 0.1)
  })
})

describe('flame and flue gas', () => {
  it('follow the burner: bright and hot flue while firing, dark and cooling to the room when off', () => {
    const settings = settingsWith({ pump_mode: 1 })
    const firing = run(coldBoiler({ heaterTemp: 30 }), settings, 20 * 60, 5)
    const working = firing.samples.filter((s) => s.workMode === WORK_MODE.workModulated && s.modeSeconds > 60)
    expect(working.length).toBeGreaterThan(0)
    for (const s of working) {
      expect(s.flameBrightness).toBeGreaterThan(20)
      expect(s.gasTemp).toBeGreaterThan(s.heaterTemp)
    }
    // More power, brighter flame and hotter flue gas.
    const strongest = working.reduce((a, b) => (b.burnerPower > a.burnerPower ? b : a))
    const weakest = working.reduce((a, b) => (b.burnerPower < a.burnerPower ? b : a))
    expect(strongest.flameBrightness).toBeGreaterThan(weakest.flameBrightness)
    expect(strongest.gasTemp).toBeGreaterThan(weakest.gasTemp)

    const off = run(firing.state, settingsWith({ power: 'off', pump_mode: 1 }), 30 * 60, 5).state
    expect(off.flameBrightness).toBeLessThan(0.5)
    expect(off.gasTemp).toBeLessThan(20 + 2)
  })

  it('shows no flame during the first part of ignition', () => {
    const { samples } = run(coldBoiler({ heaterTemp: 30 }), settingsWith(), 90, 1)
    const igniting = samples.filter((s) => s.workMode === WORK_MODE.ignition)
    expect(igniting.length).toBeGreaterThan(60)
    for (const s of igniting) expect(s.flameBrightness).toBe(0)
  })
})

describe('power off', () => {
  it('extinguishes a working burner and stays in stop, letting the water cool', () => {
    const working = run(coldBoiler({ heaterTemp: 30 }), settingsWith({ pump_mode: 1 }), 20 * 60).state
    expect(working.burnerPower).toBeGreaterThan(1)
    const { samples, state } = run(working, settingsWith({ power: 'off', pump_mode: 1 }), HOUR, 5)
    expect(modeSequence(samples)).toEqual([WORK_MODE.extinguishing, WORK_MODE.stop])
    expect(state.burnerPower).toBeLessThan(0.01)
    expect(state.heaterTemp).toBeLessThan(working.heaterTemp - 5)
  })
})
