import {
  DEFAULT_DEVICE_SETTINGS,
  errorEventMessageSchema,
  settingsAckMessageSchema,
  telemetryMessageSchema,
} from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { ControllerRuntime, SIMULATOR_FIRMWARE_VERSION } from '../src/controller-runtime'
import { DEFAULT_PARAMS } from '../src/model/params'

const T0 = Date.parse('2025-01-31T10:00:00.000Z')

function runtime(speed = 1) {
  return new ControllerRuntime({ bootId: 'boot1', params: DEFAULT_PARAMS, speed, startMs: T0 })
}

const desired = (version: number, overrides = {}) => ({
  version,
  ts: new Date(T0).toISOString(),
  settings: { ...DEFAULT_DEVICE_SETTINGS, ...overrides },
})

describe('ControllerRuntime', () => {
  it('numbers telemetry and keeps its time strictly increasing, valid for the domain schema', () => {
    const controller = runtime()
    const first = controller.telemetry(T0)
    const second = controller.telemetry(T0)
    expect(telemetryMessageSchema.safeParse(first).success).toBe(true)
    expect([first.seq, second.seq]).toEqual([0, 1])
    expect(Date.parse(second.ts)).toBeGreaterThan(Date.parse(first.ts))
    expect(first.boot_id).toBe('boot1')
    expect(first.firmware_version).toBe(SIMULATOR_FIRMWARE_VERSION)
  })

  it('reports the firmware it was started with', () => {
    const controller = new ControllerRuntime({
      bootId: 'boot1',
      params: DEFAULT_PARAMS,
      speed: 1,
      startMs: T0,
      firmwareVersion: '1.4.2',
    })
    expect(controller.telemetry(T0).firmware_version).toBe('1.4.2')
  })

  it('runs the physics faster by the speed factor', () => {
    const controller = runtime(60)
    controller.advance(T0 + 10_000)
    expect(controller.state.clock).toBeCloseTo(600, 6)
  })

  it('applies an in-range desired set, reports its version in telemetry and acks it', () => {
    const controller = runtime()
    const ack = controller.receiveDesired(desired(3, { heater_temp_set: 72, pump_mode: 3 }), T0 + 1000)
    expect(settingsAckMessageSchema.safeParse(ack).success).toBe(true)
    expect(ack).toMatchObject({ version: 3, result: 'applied', applied_version: 3 })
    expect(ack.applied.heater_temp_set).toBe(72)
    expect(controller.telemetry(T0 + 2000)).toMatchObject({ settings_version: 3, pump_mode: 3 })
  })

  it('refuses an out-of-range set with the reason and keeps what was in effect', () => {
    const controller = runtime()
    controller.receiveDesired(desired(3, { heater_temp_set: 72 }), T0)
    const ack = controller.receiveDesired(desired(4, { heater_temp_set: 95 }), T0 + 1000)
    expect(ack).toMatchObject({
      version: 4,
      result: 'refused',
      reason: 'heater_temp_set: Значення має бути від 0 до 80',
      applied_version: 3,
    })
    expect(ack.applied.heater_temp_set).toBe(72)
    expect(controller.settings.heater_temp_set).toBe(72)
  })

  it('answers a redelivered version with the same decision', () => {
    const controller = runtime()
    const first = controller.receiveDesired(desired(5, { heater_temp_set: 99 }), T0)
    const again = controller.receiveDesired(desired(5, { heater_temp_set: 99 }), T0 + 1000)
    expect({ ...again, ts: first.ts }).toEqual(first)
  })

  it('takes a lower version with other values (the server database was rebuilt)', () => {
    const controller = runtime()
    controller.receiveDesired(desired(7, { heater_temp_set: 70 }), T0)
    const ack = controller.receiveDesired(desired(1, { heater_temp_set: 55 }), T0 + 1000)
    expect(ack).toMatchObject({ result: 'applied', applied_version: 1 })
  })

  it('reports an injected error as a valid event with a unique id, and power on clears it', () => {
    const controller = runtime()
    const e3 = controller.inject('E3', T0 + 1000)
    const e9 = controller.inject('E9', T0 + 2000)
    expect(errorEventMessageSchema.safeParse(e3).success).toBe(true)
    expect(e3.heater_temp).toBeGreaterThan(90)
    expect(e9.gas_temp).toBeNull()
    expect(e3.event_id).not.toBe(e9.event_id)
    controller.setPower('off', T0 + 3000)
    controller.setPower('on', T0 + 4000)
    expect(controller.state.faults).toEqual({})
  })
})
