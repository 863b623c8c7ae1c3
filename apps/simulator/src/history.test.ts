import { describe, expect, it } from 'vitest'
import { simulateHistory, simulateHistoryDays } from './history'

describe('simulateHistory', () => {
  const from = new Date('2026-10-25T00:00:00Z')
  const to = new Date('2026-11-24T00:00:00Z')
  const history = simulateHistory({ serial: '100001', from, to })

  it('heats: the boiler water stays near its setpoint most of the time', () => {
    const heated = history.readings.filter((r) => r.heater_temp !== null && r.heater_temp > 45)
    expect(heated.length / history.readings.length).toBeGreaterThan(0.8)
    expect(history.readings.some((r) => r.burner_power > 0)).toBe(true)
  })

  it('has a night setback, one past error the controller cleared, one outage and a night switched off', () => {
    const setpoints = new Set(history.readings.map((r) => r.heater_temp_set))
    expect(setpoints).toEqual(new Set([58, 70]))
    expect(history.errors.map((e) => e.code)).toEqual(['E1'])
    const [error] = history.errors
    expect(Date.parse(error!.endedTs) - Date.parse(error!.ts)).toBe(600_000)
    const times = history.readings.map((r) => Date.parse(r.ts))
    const longest = Math.max(...times.slice(1).map((t, i) => t - times[i]!))
    expect(longest).toBe(6 * 3600_000 + 60_000)
    expect(history.changes.filter((c) => c.kind === 'off')).toHaveLength(1)
    expect(history.changes.filter((c) => c.kind === 'on')).toHaveLength(1)
    expect(history.readings.some((r) => !r.is_on)).toBe(true)
  })

  it('burns like a house boiler: the set power at most, 15–40 kg of pellets a day', () => {
    const house = simulateHistory({ serial: '100003', from, to, burnerPowerSet: 20, hopperKg: 250 })
    expect(Math.max(...house.readings.map((r) => r.burner_power))).toBeLessThanOrEqual(20)
    const kwh = house.readings.reduce((sum, r) => sum + r.burner_power / 60, 0)
    const kgPerDay = kwh / (4.8 * 0.9) / 30
    expect(kgPerDay).toBeGreaterThan(15)
    expect(kgPerDay).toBeLessThan(40)
    // Topped up before it runs low, the last time a few days before the end: part full at the end.
    const last = house.refills.at(-1)!
    const burnedSince = house.readings
      .filter((r) => r.ts >= last.ts)
      .reduce((sum, r) => sum + r.burner_power / 60 / (4.8 * 0.9), 0)
    const left = last.kg - burnedSince
    expect(left / 250).toBeGreaterThan(0.2)
    expect(left / 250).toBeLessThan(0.9)
    expect(house.refills.length).toBeGreaterThan(3)
    expect(house.refills.every((refill) => refill.kg === 250)).toBe(true)
  })

  it('repeats itself for the same serial and span', () => {
    expect(
      simulateHistory({ serial: '100001', from, to: new Date('2026-10-26T00:00:00Z') }).readings.slice(0, 50),
    ).toEqual(history.readings.slice(0, 50))
  })
})

describe('simulateHistoryDays', () => {
  it('slices the same past into days, in order', () => {
    const from = new Date('2026-10-25T00:00:00Z')
    const to = new Date('2026-11-01T12:00:00Z')
    const whole = simulateHistory({ serial: '100002', from, to })
    const days = [...simulateHistoryDays({ serial: '100002', from, to })]
    expect(days).toHaveLength(8)
    expect(days.flatMap((day) => day.readings)).toEqual(whole.readings)
    expect(days.flatMap((day) => day.changes)).toEqual(whole.changes)
    expect(days.flatMap((day) => day.errors)).toEqual(whole.errors)
    expect(days.flatMap((day) => day.refills)).toEqual(whole.refills)
    for (const [i, day] of days.entries()) {
      const dayStart = from.getTime() + i * 86_400_000
      expect(
        day.readings.every((r) => Date.parse(r.ts) >= dayStart && Date.parse(r.ts) < dayStart + 86_400_000),
      ).toBe(true)
    }
  })
})
