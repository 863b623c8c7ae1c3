import { telemetryMessageSchema } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { parseCliOptions } from '../src/cli-options'
import { parseCommand } from '../src/commands'
import { ControllerRuntime } from '../src/controller-runtime'
import { FIRE_OUT_COOLING_PER_MINUTE, FROST_TEMP, OVERHEAT_TEMP } from '../src/model/conditions'
import { DEFAULT_PARAMS } from '../src/model/params'

const T0 = Date.parse('2025-01-31T10:00:00.000Z')
const runtime = () =>
  new ControllerRuntime({ bootId: 'boot1', params: DEFAULT_PARAMS, speed: 1, startMs: T0 })

describe('forced conditions', () => {
  it('overheat and frost report the coolant past the alarm thresholds until cleared', () => {
    const controller = runtime()
    controller.setCondition('overheat', T0 + 1000)
    const hot = controller.telemetry(T0 + 2000)
    expect(telemetryMessageSchema.safeParse(hot).success).toBe(true)
    expect(hot.heater_temp).toBe(OVERHEAT_TEMP)
    controller.setCondition('frost', T0 + 3000)
    const cold = controller.telemetry(T0 + 4000)
    expect(cold).toMatchObject({ heater_temp: FROST_TEMP, burner_on: false })
    controller.clearCondition(T0 + 5000)
    expect(controller.telemetry(T0 + 6000).heater_temp).not.toBe(FROST_TEMP)
  })

  it('fire out: the burner off in modulation with the water cooling steadily', () => {
    const controller = runtime()
    const start = controller.telemetry(T0).heater_temp!
    controller.setCondition('fire-out', T0)
    const later = controller.telemetry(T0 + 16 * 60_000)
    expect(later).toMatchObject({ burner_on: false, burner_power: 0, work_mode: 6 })
    expect(later.heater_temp!).toBeLessThan(start - 16 * FIRE_OUT_COOLING_PER_MINUTE + 0.5)
    expect(later.heater_temp!).toBeLessThanOrEqual(start)
  })

  it('are typed on stdin and given on the command line', () => {
    expect(parseCommand('fault 100001 fire-out')).toEqual({
      kind: 'fault',
      serial: '100001',
      condition: 'fire-out',
    })
    expect(parseCommand('fault 100001 SILENCE')).toEqual({
      kind: 'fault',
      serial: '100001',
      condition: 'silence',
    })
    expect(parseCommand('fault 100001 storm')).toMatchObject({ kind: 'invalid' })
    expect(parseCommand('clear 100001')).toEqual({ kind: 'clear', serial: '100001' })
    expect(parseCliOptions(['--devices', '1:p', '--fault', 'frost', '--device', '1']).fault).toEqual({
      condition: 'frost',
      serial: '1',
    })
    expect(() => parseCliOptions(['--devices', '1:p', '--fault', 'storm'])).toThrow(/--fault must be one of/)
  })
})
