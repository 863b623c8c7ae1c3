import {
  DEFAULT_DEVICE_SETTINGS,
  DEFAULT_WEEKLY_SCHEDULE,
  type DeviceSchedule,
  SCHEDULE_TIME_ZONE,
  settingsAckMessageSchema,
  telemetryMessageSchema,
} from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { ControllerRuntime } from '../src/controller-runtime'
import { DEFAULT_PARAMS } from '../src/model/params'

// Nights reduced every day: 00:00–06:00 and 22:00–24:00 on the Kyiv wall clock (UTC+2 in November).
const night = 'r'.repeat(12) + 'c'.repeat(32) + 'r'.repeat(4)
const nights: DeviceSchedule = {
  ...DEFAULT_WEEKLY_SCHEDULE,
  enabled: true,
  heater_reduction: 15,
  boiler_reduction: 8,
  days: Array(7).fill(night),
  time_zone: SCHEDULE_TIME_ZONE,
}
const MONDAY_3AM = Date.parse('2026-11-23T01:00:00Z')
const MONDAY_10AM = Date.parse('2026-11-23T08:15:00Z')
const SUNDAY_11PM = Date.parse('2026-11-29T21:00:00Z')

function runtime(startMs: number, speed = 1) {
  return new ControllerRuntime({ bootId: 'boot1', params: DEFAULT_PARAMS, speed, startMs })
}

const desired = (version: number, schedule?: unknown) => ({
  version,
  ts: new Date(MONDAY_3AM).toISOString(),
  settings: DEFAULT_DEVICE_SETTINGS,
  ...(schedule === undefined ? {} : { schedule: schedule as DeviceSchedule }),
})

describe('the simulated controller follows the weekly schedule', () => {
  it('applies a schedule with the settings and reports it in the ack', () => {
    const controller = runtime(MONDAY_3AM)
    const ack = controller.receiveDesired(desired(2, nights), MONDAY_3AM)
    expect(settingsAckMessageSchema.safeParse(ack).success).toBe(true)
    expect(ack).toMatchObject({ result: 'applied', applied_version: 2, applied_schedule: nights })
    // The acknowledged settings are the comfort ones; the reduction is the schedule's business.
    expect(ack.applied).toEqual(DEFAULT_DEVICE_SETTINGS)
  })

  it('lowers the set points in a reduced slot and reports the period with its end', () => {
    const controller = runtime(MONDAY_3AM)
    controller.receiveDesired(desired(2, nights), MONDAY_3AM)
    expect(controller.inEffect(MONDAY_3AM).settings).toMatchObject({
      heater_temp_set: DEFAULT_DEVICE_SETTINGS.heater_temp_set - 15,
      boiler_temp_set: DEFAULT_DEVICE_SETTINGS.boiler_temp_set - 8,
    })
    const reading = controller.telemetry(MONDAY_3AM)
    expect(telemetryMessageSchema.safeParse(reading).success).toBe(true)
    expect(reading.schedule_period).toEqual({ mode: 'reduced', until: '2026-11-23T04:00:00.000Z' })

    expect(controller.inEffect(MONDAY_10AM).settings).toEqual(DEFAULT_DEVICE_SETTINGS)
    expect(controller.telemetry(MONDAY_10AM).schedule_period).toEqual({
      mode: 'comfort',
      until: '2026-11-23T20:00:00.000Z',
    })
  })

  it('carries a reduced night across midnight and across the end of the week', () => {
    const controller = runtime(SUNDAY_11PM)
    controller.receiveDesired(desired(2, nights), SUNDAY_11PM)
    expect(controller.telemetry(SUNDAY_11PM).schedule_period).toEqual({
      mode: 'reduced',
      until: '2026-11-30T04:00:00.000Z',
    })
    // Monday 00:30 Kyiv, a new week: still the same night.
    const mondayHalfPastMidnight = Date.parse('2026-11-29T22:30:00Z')
    expect(controller.telemetry(mondayHalfPastMidnight).schedule_period).toEqual({
      mode: 'reduced',
      until: '2026-11-30T04:00:00.000Z',
    })
  })

  it('keeps the boiler water at the reduced set point while reduced', () => {
    // 60× speed: ten wall minutes inside the reduced slot are ten boiler hours.
    const reduced = runtime(MONDAY_3AM, 60)
    reduced.receiveDesired(desired(2, nights), MONDAY_3AM)
    const comfort = runtime(MONDAY_3AM, 60)
    comfort.receiveDesired(desired(2), MONDAY_3AM)
    const peaks = { reduced: 0, comfort: 0 }
    for (let step = 1; step <= 60; step += 1) {
      const at = MONDAY_3AM + step * 10_000
      reduced.advance(at)
      comfort.advance(at)
      if (step > 30) {
        peaks.reduced = Math.max(peaks.reduced, reduced.state.heaterTemp)
        peaks.comfort = Math.max(peaks.comfort, comfort.state.heaterTemp)
      }
    }
    const reducedSet = DEFAULT_DEVICE_SETTINGS.heater_temp_set - 15
    expect(peaks.reduced).toBeLessThanOrEqual(reducedSet + 1.5)
    expect(peaks.comfort).toBeGreaterThan(reducedSet + 5)
  })

  it('refuses an out-of-range schedule with a reason and keeps what it had', () => {
    const controller = runtime(MONDAY_3AM)
    controller.receiveDesired(desired(2, nights), MONDAY_3AM)
    const ack = controller.receiveDesired(desired(3, { ...nights, heater_reduction: 45 }), MONDAY_3AM + 1000)
    expect(ack).toMatchObject({ result: 'refused', applied_version: 2, applied_schedule: nights })
    expect(ack.reason).toMatch(/^schedule\.heater_reduction: /)
  })

  it('follows no schedule and says so when none is sent, or it is off', () => {
    const controller = runtime(MONDAY_3AM)
    const ack = controller.receiveDesired(desired(2), MONDAY_3AM)
    expect(ack.applied_schedule).toBeNull()
    expect(controller.telemetry(MONDAY_3AM).schedule_period).toBeNull()
    controller.receiveDesired(desired(3, { ...nights, enabled: false }), MONDAY_3AM)
    expect(controller.telemetry(MONDAY_3AM + 1).schedule_period).toBeNull()
    expect(controller.inEffect(MONDAY_3AM).settings).toEqual(DEFAULT_DEVICE_SETTINGS)
  })
})
