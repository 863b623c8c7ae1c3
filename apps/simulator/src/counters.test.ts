import { DEFAULT_DEVICE_SETTINGS, telemetryMessageSchema } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { outdoorTemp } from './model/outdoor'
import { paramsForSerial } from './model/params'
import { telemetryReadings } from './model/readings'
import { initialState, resumedState } from './model/state'
import { stepBoiler } from './model/step'

// The optional telemetry of protocol v1 the simulated controller reports: the outdoor temperature (a day and
// night curve over the seasons) and its own monotonic burner hours and ignitions counters.

describe('the simulated controller’s counters and outdoor temperature', () => {
  it('counts burner hours and ignitions that never go back, and reports them valid', () => {
    const params = paramsForSerial('100003')
    const settings = { ...DEFAULT_DEVICE_SETTINGS, power: 'on' as const, heater_temp_set: 75 }
    let state = initialState(params)
    let last = { hours: 0, ignitions: 0 }
    const start = Date.parse('2026-01-20T00:00:00Z')
    for (let minute = 1; minute <= 24 * 60; minute++) {
      state = stepBoiler(state, settings, params, 60, 10).state
      const readings = telemetryReadings(state, settings, start + minute * 60_000)
      expect(readings.burner_hours!).toBeGreaterThanOrEqual(last.hours)
      expect(readings.ignitions!).toBeGreaterThanOrEqual(last.ignitions)
      last = { hours: readings.burner_hours!, ignitions: readings.ignitions! }
      const message = {
        boot_id: 'b',
        seq: minute,
        ts: new Date().toISOString(),
        settings_version: 0,
        ...readings,
      }
      expect(telemetryMessageSchema.safeParse(message).success).toBe(true)
    }
    expect(last.ignitions).toBeGreaterThan(0)
    expect(last.hours).toBeGreaterThan(0)
    expect(last.hours).toBeLessThanOrEqual(24)
  })

  it('carries on from the counters it last reported after a restart', () => {
    const params = paramsForSerial('100003')
    const state = resumedState(params, {
      heaterTemp: 60,
      tankTemp: 45,
      gasTemp: 100,
      burnerPower: 0,
      flameBrightness: 0,
      workMode: 1,
      burnerHours: 12.5,
      ignitions: 40,
    })
    const readings = telemetryReadings(state, DEFAULT_DEVICE_SETTINGS, Date.now())
    expect([readings.burner_hours, readings.ignitions]).toEqual([12.5, 40])
  })

  it('reports a cold winter night and a warm summer afternoon', () => {
    expect(outdoorTemp(Date.parse('2026-01-20T02:00:00Z'))).toBeLessThan(-5)
    expect(outdoorTemp(Date.parse('2026-07-20T13:00:00Z'))).toBeGreaterThan(20)
    const night = outdoorTemp(Date.parse('2026-11-20T02:00:00Z'))
    const day = outdoorTemp(Date.parse('2026-11-20T14:00:00Z'))
    expect(day - night).toBeCloseTo(8, 0)
  })
})
