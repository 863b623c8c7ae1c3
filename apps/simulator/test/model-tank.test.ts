import { describe, expect, it } from 'vitest'
import { decidePumps } from '../src/model/pumps'
import { coldBoiler, params, run, settingsWith } from './model-helpers'

// A hot boiler and a cold tank: does the tank take heat, and does the house?
const hotBoilerColdTank = () => coldBoiler({ heaterTemp: 70, tankTemp: 30 })

function tenMinutes(pumpMode: number) {
  return run(
    hotBoilerColdTank(),
    settingsWith({ pump_mode: pumpMode, heater_temp_set: 70, boiler_temp_set: 50 }),
    600,
  )
}

describe('hot-water tank by pump mode', () => {
  it('1 Б+К charges the tank and heats the house at the same time', () => {
    const { samples, state } = tenMinutes(1)
    expect(state.tankTemp).toBeGreaterThan(35)
    expect(samples[0]?.tankPumpOn).toBe(true)
    expect(samples[0]?.housePumpOn).toBe(true)
  })

  it('2 Б charges only the tank', () => {
    const { samples, state } = tenMinutes(2)
    expect(state.tankTemp).toBeGreaterThan(35)
    expect(samples.every((s) => !s.housePumpOn)).toBe(true)
  })

  it('3 К heats only the house; the tank cools as water is used', () => {
    const { samples, state } = tenMinutes(3)
    expect(state.tankTemp).toBeLessThan(30)
    expect(samples.every((s) => !s.tankPumpOn && s.housePumpOn)).toBe(true)
  })

  it('4 К+Б gives the tank priority: the heating pump waits until the tank is charged', () => {
    const settings = settingsWith({ pump_mode: 4, heater_temp_set: 70, boiler_temp_set: 45 })
    const { samples } = run(hotBoilerColdTank(), settings, 3600)
    const charging = samples.filter((s) => s.tankPumpOn)
    expect(charging.length).toBeGreaterThan(0)
    expect(charging.every((s) => !s.housePumpOn)).toBe(true)
    const charged = samples.find((s) => s.tankTemp >= 45)
    expect(charged).toBeDefined()
    expect(samples.at(-1)?.housePumpOn).toBe(true)
  })

  it('charges the tank from set − hysteresis up to the set point, not continuously', () => {
    const settings = settingsWith({ pump_mode: 2, boiler_temp_set: 50, boiler_hysteresis: 5 })
    expect(decidePumps(coldBoiler({ heaterTemp: 60, tankTemp: 46 }), settings, params).tankPumpOn).toBe(false)
    expect(decidePumps(coldBoiler({ heaterTemp: 60, tankTemp: 44 }), settings, params).tankPumpOn).toBe(true)
    const latched = coldBoiler({ heaterTemp: 60, tankTemp: 48, tankCharging: true })
    expect(decidePumps(latched, settings, params).tankPumpOn).toBe(true)
    expect(decidePumps({ ...latched, tankTemp: 50 }, settings, params).tankPumpOn).toBe(false)
  })

  it('keeps the pumps still while the boiler water is cold or colder than the tank', () => {
    const settings = settingsWith({ pump_mode: 1, boiler_temp_set: 50 })
    const cold = decidePumps(coldBoiler({ heaterTemp: 30, tankTemp: 20 }), settings, params)
    expect(cold).toMatchObject({ housePumpOn: false, tankPumpOn: false })
    const colderThanTank = decidePumps(coldBoiler({ heaterTemp: 40, tankTemp: 40.5 }), settings, params)
    expect(colderThanTank.tankPumpOn).toBe(false)
  })
})
