import {
  DEFAULT_DEVICE_SETTINGS,
  DEFAULT_SERVICE_SETTINGS,
  type ServiceSettings,
  settingsAckMessageSchema,
} from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { ControllerRuntime } from '../src/controller-runtime'
import { type BoilerParams, DEFAULT_PARAMS } from '../src/model/params'
import { serviceCombinationReason } from '../src/model/service'
import { type BoilerState, initialState, WORK_MODE } from '../src/model/state'
import { stepBoiler } from '../src/model/step'
import { settingsWith } from './model-helpers'

const T0 = Date.parse('2025-01-31T10:00:00.000Z')
const serviceWith = (overrides: Partial<ServiceSettings> = {}): ServiceSettings => ({
  ...DEFAULT_SERVICE_SETTINGS,
  ...overrides,
})
const paramsWith = (overrides: Partial<ServiceSettings> = {}): BoilerParams => ({
  ...DEFAULT_PARAMS,
  service: serviceWith(overrides),
})

/** A boiler working at full power (modulation off) for `seconds`; returns every 1 s sample. */
function fullPower(params: BoilerParams, seconds: number): BoilerState[] {
  const settings = settingsWith({ burner_mod: false, burner_power_set: 40, heater_temp_set: 80 })
  let state: BoilerState = { ...initialState(params, { heaterTemp: 30 }), workMode: WORK_MODE.workFull }
  const samples: BoilerState[] = []
  for (let t = 0; t < seconds; t++) {
    state = stepBoiler(state, settings, params, 1).state
    samples.push(state)
  }
  return samples
}

describe('service parameters shape the burner', () => {
  it('gives the set power with the factory feeder and fan', () => {
    const last = fullPower(DEFAULT_PARAMS, 300).at(-1)!
    expect(last.burnerPower).toBeCloseTo(40, 0)
  })

  it('feeds more at 100 % with a longer feeder run: more power and a brighter flame', () => {
    const factory = fullPower(DEFAULT_PARAMS, 300).at(-1)!
    // Duty 12/(12+10) instead of 10/(10+10): 9 % more fuel, still enough air (λ 1.32).
    const richer = fullPower(paramsWith({ feeder_work_100: 12 }), 300).at(-1)!
    expect(richer.burnerPower).toBeCloseTo(40 * (12 / 22 / 0.5), 0)
    expect(richer.burnerPower).toBeGreaterThan(factory.burnerPower + 2)
    expect(richer.flameBrightness).toBeGreaterThan(factory.flameBrightness)
  })

  it('pales the flame with more air at the same feed', () => {
    const factory = fullPower(DEFAULT_PARAMS, 300).at(-1)!
    const airy = fullPower(paramsWith({ fan_speed_100: 100 }), 300).at(-1)!
    expect(airy.burnerPower).toBeCloseTo(factory.burnerPower, 1)
    expect(airy.flameBrightness).toBeLessThan(factory.flameBrightness - 5)
  })

  it('blows the burner clean for the cleaning duration every cleaning interval: the flame pales meanwhile', () => {
    const params = paramsWith({ cleaning_interval: 10, cleaning_duration: 60 })
    const samples = fullPower(params, 1200)
    const inCleaning = samples.filter((s) => s.clock > 300 && s.clock % 600 > 560)
    const working = samples.filter((s) => s.clock > 300 && s.clock % 600 > 20 && s.clock % 600 < 500)
    expect(Math.min(...inCleaning.map((s) => s.flameBrightness))).toBeLessThan(
      Math.min(...working.map((s) => s.flameBrightness)) - 5,
    )
  })

  it('starts the boiler pump at the service start temperature', () => {
    const settings = settingsWith({ pump_mode: 3, heater_temp_set: 80 })
    const state = { ...initialState(DEFAULT_PARAMS, { heaterTemp: 40 }) }
    expect(stepBoiler(state, settings, DEFAULT_PARAMS, 1).state.housePumpOn).toBe(true)
    expect(stepBoiler(state, settings, paramsWith({ pump_start_temp: 45 }), 1).state.housePumpOn).toBe(false)
  })

  it('circulates near-freezing water whatever the pump mode (anti-freeze)', () => {
    const settings = settingsWith({ pump_mode: 2, power: 'off' })
    const cold = initialState(DEFAULT_PARAMS, { heaterTemp: 4 })
    expect(stepBoiler(cold, settings, DEFAULT_PARAMS, 1).state.housePumpOn).toBe(true)
    expect(stepBoiler(cold, settings, paramsWith({ antifreeze_temp: 3 }), 1).state.housePumpOn).toBe(false)
  })

  it('raises E1 when the flame has not reached the threshold within the longest ignition time', () => {
    // A weak ignition fan: the pellets catch after 108 × 40/10 = 432 s, later than 4 minutes.
    const params = paramsWith({ ignition_fan_speed: 10, ignition_max_time: 4, flame_threshold: 15 })
    expect(serviceCombinationReason(params.service, params)).toBeNull()
    let state: BoilerState = initialState(params, { heaterTemp: 30 })
    const raised: string[] = []
    for (let t = 0; t < 300 && raised.length === 0; t++) {
      const result = stepBoiler(state, settingsWith(), params, 1)
      state = result.state
      raised.push(...result.raised)
    }
    expect(raised).toEqual(['E1'])
    expect(state.workMode).toBe(WORK_MODE.stop)
    // The factory tuning lights within the same time.
    let factory: BoilerState = initialState(DEFAULT_PARAMS, { heaterTemp: 30 })
    factory = stepBoiler(factory, settingsWith(), DEFAULT_PARAMS, 300).state
    expect(factory.workMode).toBe(WORK_MODE.stabilisation)
  })
})

describe('combinations the burner cannot run', () => {
  it('accepts the factory set', () => {
    expect(serviceCombinationReason(DEFAULT_SERVICE_SETTINGS, DEFAULT_PARAMS)).toBeNull()
  })

  it('refuses a fan too weak for the fuel fed at a level, naming it', () => {
    expect(serviceCombinationReason(serviceWith({ fan_speed_100: 40 }), DEFAULT_PARAMS)).toBe(
      'service.fan_speed_100: вентилятор на 40 % не дає повітря для подачі 10 с / 10 с (надлишок повітря 0,64, потрібно щонайменше 1,10)',
    )
  })

  it('refuses feeding that does not grow with the power level', () => {
    expect(
      serviceCombinationReason(serviceWith({ feeder_work_60: 2, feeder_pause_60: 30 }), DEFAULT_PARAMS),
    ).toMatch(/^service\.feeder_work_60: подача на 60 % \(0,06\) має бути більшою, ніж на 30 % \(0,15\)/)
  })

  it('refuses a flame threshold the ignition flame never reaches', () => {
    expect(serviceCombinationReason(serviceWith({ flame_threshold: 40 }), DEFAULT_PARAMS)).toBe(
      'service.flame_threshold: полум’я розпалювання з вентилятором на 40 % дає близько 27 %, поріг 40 % недосяжний',
    )
  })

  it('refuses values out of the catalogue’s range', () => {
    expect(serviceCombinationReason(serviceWith({ cleaning_duration: 500 }), DEFAULT_PARAMS)).toBe(
      'service.cleaning_duration: Значення має бути від 5 до 120',
    )
  })
})

describe('ControllerRuntime with service parameters', () => {
  const runtime = () => new ControllerRuntime({ bootId: 'b', params: DEFAULT_PARAMS, speed: 1, startMs: T0 })
  const desired = (version: number, service?: Partial<ServiceSettings>) => ({
    version,
    ts: new Date(T0).toISOString(),
    settings: DEFAULT_DEVICE_SETTINGS,
    ...(service ? { service: serviceWith(service) } : {}),
  })

  it('applies a service set and reports it in applied_service', () => {
    const controller = runtime()
    const ack = controller.receiveDesired(desired(2, { fan_speed_30: 45 }), T0 + 1000)
    expect(settingsAckMessageSchema.safeParse(ack).success).toBe(true)
    expect(ack).toMatchObject({ result: 'applied', applied_version: 2 })
    expect(ack.applied_service?.fan_speed_30).toBe(45)
    expect(controller.service.fan_speed_30).toBe(45)
  })

  it('refuses an impossible combination with the reason and keeps everything in effect', () => {
    const controller = runtime()
    controller.receiveDesired(desired(2, { fan_speed_30: 45 }), T0)
    const ack = controller.receiveDesired(desired(3, { fan_speed_100: 40, fan_speed_30: 50 }), T0 + 1000)
    expect(ack).toMatchObject({ version: 3, result: 'refused', applied_version: 2 })
    expect(ack.reason).toMatch(/^service\.fan_speed_100: вентилятор на 40 %/)
    expect(ack.applied_service?.fan_speed_30).toBe(45)
    expect(controller.service.fan_speed_30).toBe(45)
  })

  it('keeps its service parameters when a desired set comes without them', () => {
    const controller = runtime()
    controller.receiveDesired(desired(2, { fan_speed_30: 45 }), T0)
    const ack = controller.receiveDesired(desired(3), T0 + 1000)
    expect(ack).toMatchObject({ result: 'applied', applied_version: 3 })
    expect(ack.applied_service?.fan_speed_30).toBe(45)
  })

  it('reports the burner power it computes with the calorific value it was told', () => {
    const working = { ...initialState(DEFAULT_PARAMS), workMode: WORK_MODE.workFull, burnerPower: 48 }
    const told = (fuel_calorific_value: number) => {
      const controller = new ControllerRuntime({
        bootId: 'b',
        params: DEFAULT_PARAMS,
        speed: 1,
        startMs: T0,
        state: working,
        service: serviceWith({ fuel_calorific_value }),
      })
      return controller.telemetry(T0).burner_power
    }
    expect(told(4.8)).toBe(48)
    expect(told(6)).toBe(60)
  })
})
