import { describe, expect, it } from 'vitest'
import { clamp, LIMITS, MIN_PASSWORD_LENGTH, REFRESH_INTERVAL_MS } from './limits'

describe('LIMITS', () => {
  it('holds the setting ranges of the specification', () => {
    expect(LIMITS.heaterTemp).toEqual({ min: 0, max: 80 })
    expect(LIMITS.tankTemp).toEqual({ min: 0, max: 80 })
    expect(LIMITS.gasTemp).toEqual({ min: 80, max: 500, defaultMin: 80, defaultMax: 500 })
    expect(LIMITS.burnerPower).toEqual({ min: 5, max: 1000, defaultMax: 100, gaugeMax: 90 })
    expect(LIMITS.hysteresis).toEqual({ min: 0, max: 8, default: 5, step: 0.5 })
    expect(LIMITS.flame).toEqual({ min: 0, max: 100, segments: 18 })
  })

  it('holds the timing and paging constants', () => {
    expect(REFRESH_INTERVAL_MS).toBe(30_000)
    expect(LIMITS.toastTimeoutMs).toBe(2000)
    expect(LIMITS.gaugeAnimationMs).toBe(500)
    expect(LIMITS.searchDebounceMs).toBe(300)
    expect([LIMITS.tablePageSize, LIMITS.maxPageNumbers, LIMITS.deviceListPageSize]).toEqual([5, 5, 15])
    expect(LIMITS.maxPageSize).toBe(100)
    expect(MIN_PASSWORD_LENGTH).toBe(8)
    expect(LIMITS.verificationCodeLength).toBe(4)
    expect([LIMITS.coolantAlarmTemp, LIMITS.pelletReceiverAlarmTemp]).toEqual([90, 80])
    expect([LIMITS.resetEmailWithinSeconds, LIMITS.resetTokenLifetimeMinutes]).toEqual([60, 60])
  })
})

describe('clamp', () => {
  it('keeps values inside the range', () => {
    expect(clamp(95, 0, 80)).toBe(80)
    expect(clamp(-3, 0, 80)).toBe(0)
    expect(clamp(42.5, 0, 80)).toBe(42.5)
  })

  it('turns a non-number into the minimum', () => {
    expect(clamp(Number.NaN, 80, 500)).toBe(80)
  })
})
