import { describe, expect, it } from 'vitest'
import { translateMessage } from '../i18n/messages'
import { DEFAULT_WEEKLY_SCHEDULE, SCHEDULE_TIME_ZONE } from '../schedule/weekly-schedule'
import { schedulePatchSchema, weeklyScheduleSchema } from '../schemas/schedule'
import { telemetryMessageSchema } from './device-messages'
import { ackAppliedExample, desiredExample, telemetryExample } from './fixtures.test-data'
import { scheduleRefusalReason } from './schedule-messages'
import { desiredSettingsMessageSchema, settingsAckMessageSchema } from './settings-messages'

const schedule = {
  ...DEFAULT_WEEKLY_SCHEDULE,
  enabled: true,
  time_zone: SCHEDULE_TIME_ZONE,
  days: Array(7).fill('r'.repeat(12) + 'c'.repeat(36)),
}

describe('the schedule on the wire', () => {
  it('rides in settings/desired and settings/ack as optional members', () => {
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, schedule }).success).toBe(true)
    // A message without them is what old servers and old controllers send.
    expect(desiredSettingsMessageSchema.safeParse(desiredExample).success).toBe(true)
    expect(settingsAckMessageSchema.safeParse(ackAppliedExample).success).toBe(true)
    for (const applied_schedule of [schedule, null]) {
      expect(settingsAckMessageSchema.safeParse({ ...ackAppliedExample, applied_schedule }).success).toBe(
        true,
      )
    }
  })

  it('still reads an out-of-range schedule, so the controller can refuse it with a reason', () => {
    const bad = { ...schedule, heater_reduction: 45, days: ['x'] }
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, schedule: bad }).success).toBe(true)
    expect(scheduleRefusalReason(bad)).toMatch(/^schedule\.heater_reduction: .*schedule\.days/)
    expect(scheduleRefusalReason({ ...schedule, time_zone: 'Mars/Olympus' })).toBe(
      'schedule.time_zone: Невідомий часовий пояс',
    )
    expect(scheduleRefusalReason(schedule)).toBeNull()
  })

  it('refuses a schedule of the wrong shape', () => {
    const wrongTypes = { ...schedule, enabled: 'yes', days: 'cccc' }
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, schedule: wrongTypes }).success).toBe(
      false,
    )
  })

  it('reports the active period in telemetry, optionally', () => {
    expect(telemetryMessageSchema.safeParse(telemetryExample).success).toBe(true)
    const reduced = { mode: 'reduced', until: '2026-11-23T04:00:00.000Z' }
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, schedule_period: reduced }).success).toBe(
      true,
    )
    expect(
      telemetryMessageSchema.safeParse({
        ...telemetryExample,
        schedule_period: { mode: 'comfort', until: null },
      }).success,
    ).toBe(true)
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, schedule_period: null }).success).toBe(
      true,
    )
    for (const bad of [
      { mode: 'eco', until: null },
      { mode: 'reduced', until: '18:00' },
      { mode: 'reduced' },
    ]) {
      expect(telemetryMessageSchema.safeParse({ ...telemetryExample, schedule_period: bad }).success).toBe(
        false,
      )
    }
  })
})

describe('weeklyScheduleSchema and schedulePatchSchema', () => {
  it('take 7 days of 48 slots of c or r and whole reductions of 0–30 °C', () => {
    expect(weeklyScheduleSchema.safeParse(DEFAULT_WEEKLY_SCHEDULE).success).toBe(true)
    const rejected = [
      { days: Array(6).fill('c'.repeat(48)) },
      { days: Array(7).fill('c'.repeat(47)) },
      { days: [...Array(6).fill('c'.repeat(48)), `${'c'.repeat(47)}x`] },
      { days: Array(7).fill('C'.repeat(48)) },
      { heater_reduction: 31 },
      { boiler_reduction: -1 },
      { heater_reduction: 2.5 },
      { enabled: 'true' },
    ]
    for (const change of rejected) {
      expect(weeklyScheduleSchema.safeParse({ ...DEFAULT_WEEKLY_SCHEDULE, ...change }).success).toBe(false)
    }
  })

  it('gives Ukrainian messages under the member at fault and refuses unknown members', () => {
    const result = schedulePatchSchema.safeParse({ days: [...Array(6).fill('c'.repeat(48)), 'r'] })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['days', 6])
    expect(translateMessage(result.error?.issues[0]?.message ?? '', 'uk')).toMatch(/48 півгодин/)
    expect(schedulePatchSchema.safeParse({ enabled: true, mode: 'eco' }).success).toBe(false)
    expect(schedulePatchSchema.safeParse({ heater_reduction: 8 }).success).toBe(true)
  })
})
