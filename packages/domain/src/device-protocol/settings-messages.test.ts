import { describe, expect, it } from 'vitest'
import { ackAppliedExample, desiredExample } from './fixtures.test-data'
import { DEVICE_LINK } from './link-limits'
import {
  DEFAULT_DEVICE_SETTINGS,
  desiredSettingsMessageSchema,
  deviceSettingsSchema,
  settingsAckMessageSchema,
  settingsRefusalReason,
} from './settings-messages'

describe('desiredSettingsMessageSchema', () => {
  it('accepts a full versioned set', () => {
    expect(desiredSettingsMessageSchema.safeParse(desiredExample).success).toBe(true)
  })

  it('still reads out-of-range values so that the device can refuse them with a reason', () => {
    const outOfRange = { ...desiredExample, settings: { ...desiredExample.settings, heater_temp_set: 120 } }
    expect(desiredSettingsMessageSchema.safeParse(outOfRange).success).toBe(true)
  })

  it('rejects a missing field, a wrong type, version 0 and a bad power value', () => {
    const { pump_mode: _, ...partial } = desiredExample.settings
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, settings: partial }).success).toBe(
      false,
    )
    const wrongType = { ...desiredExample, settings: { ...desiredExample.settings, burner_mod: 'true' } }
    expect(desiredSettingsMessageSchema.safeParse(wrongType).success).toBe(false)
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, version: 0 }).success).toBe(false)
    const power = { ...desiredExample, settings: { ...desiredExample.settings, power: 'standby' } }
    expect(desiredSettingsMessageSchema.safeParse(power).success).toBe(false)
  })
})

describe('deviceSettingsSchema and settingsRefusalReason', () => {
  it('accepts the factory settings and the ends of every range', () => {
    expect(deviceSettingsSchema.safeParse(DEFAULT_DEVICE_SETTINGS).success).toBe(true)
    const edges = {
      ...DEFAULT_DEVICE_SETTINGS,
      heater_temp_set: 80,
      heater_hysteresis: 8,
      boiler_temp_set: 0,
      boiler_hysteresis: 0.5,
      gas_temp_min: 80,
      gas_temp_max: 80,
      burner_power_set: 1000,
      pump_mode: 4,
    }
    expect(settingsRefusalReason(edges)).toBeNull()
  })

  it('names each refused field with the dashboard message', () => {
    const reason = settingsRefusalReason({
      ...DEFAULT_DEVICE_SETTINGS,
      heater_temp_set: 95,
      burner_power_set: 2,
      pump_mode: 5,
    })
    expect(reason).toBe(
      'heater_temp_set: Значення має бути від 0 до 80; burner_power_set: Значення має бути від 5 до 1000; ' +
        'pump_mode: Значення має бути від 1 до 4',
    )
  })

  it('refuses a reversed flue-gas range and a hysteresis off the 0.5 step', () => {
    expect(settingsRefusalReason({ ...DEFAULT_DEVICE_SETTINGS, gas_temp_min: 300, gas_temp_max: 200 })).toBe(
      'gas_temp_min: Мінімальна температура не може бути більшою за максимальну',
    )
    expect(settingsRefusalReason({ ...DEFAULT_DEVICE_SETTINGS, gas_temp_max: 501 })).toBe(
      'gas_temp_max: Значення має бути від 80 до 500',
    )
    expect(settingsRefusalReason({ ...DEFAULT_DEVICE_SETTINGS, boiler_hysteresis: 0.3 })).toBe(
      'boiler_hysteresis: Значення має бути кратним 0,5',
    )
  })
})

describe('settingsAckMessageSchema', () => {
  it('accepts an applied ack and a refusal with its reason', () => {
    expect(settingsAckMessageSchema.safeParse(ackAppliedExample).success).toBe(true)
    const refused = {
      ...ackAppliedExample,
      result: 'refused',
      reason: 'heater_temp_set: …',
      applied_version: 3,
    }
    expect(settingsAckMessageSchema.safeParse(refused).success).toBe(true)
  })

  it('accepts a refusal without a reason; rejects an applied ack of another version and an unknown result', () => {
    const noReason = { ...ackAppliedExample, result: 'refused', applied_version: 3 }
    const parsed = settingsAckMessageSchema.safeParse(noReason)
    expect(parsed.success).toBe(true)
    expect(parsed.data?.reason).toBeUndefined()
    const mismatch = { ...ackAppliedExample, applied_version: 3 }
    expect(settingsAckMessageSchema.safeParse(mismatch).error?.issues[0]?.path).toEqual(['applied_version'])
    expect(settingsAckMessageSchema.safeParse({ ...ackAppliedExample, result: 'ok' }).success).toBe(false)
    expect(settingsAckMessageSchema.safeParse({ ...ackAppliedExample, applied: {} }).success).toBe(false)
  })

  it('rejects versions above 2^31-1 (the server stores 32-bit integers)', () => {
    const huge = DEVICE_LINK.maxVersion + 1
    expect(settingsAckMessageSchema.safeParse({ ...ackAppliedExample, version: huge }).success).toBe(false)
    expect(
      settingsAckMessageSchema.safeParse({ ...ackAppliedExample, version: huge, applied_version: huge })
        .success,
    ).toBe(false)
    const max = DEVICE_LINK.maxVersion
    expect(
      settingsAckMessageSchema.safeParse({ ...ackAppliedExample, version: max, applied_version: max })
        .success,
    ).toBe(true)
  })
})

describe('settingsAckMessageSchema reason', () => {
  it('keeps a refusal whose reason has control characters or is too long, cleaned and cut', () => {
    const refusal = { ...ackAppliedExample, result: 'refused', reason: 'out\u0000of range' }
    expect(settingsAckMessageSchema.parse(refusal).reason).toBe('out of range')
    const long = settingsAckMessageSchema.parse({ ...refusal, reason: 'я'.repeat(2000) })
    expect(long.reason).toHaveLength(DEVICE_LINK.maxReasonLength)
    expect(settingsAckMessageSchema.parse({ ...refusal, reason: '   ' }).reason).toBeUndefined()
    expect(settingsAckMessageSchema.parse({ ...refusal, reason: 42 }).reason).toBeUndefined()
  })
})
