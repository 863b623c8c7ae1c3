import { describe, expect, it } from 'vitest'
import { translateMessage } from '../i18n/messages'
import { FUEL_DEFAULTS } from '../resources/history'
import { FUEL_LIMITS } from '../schemas/history'
import {
  DEFAULT_SERVICE_SETTINGS,
  feederDuty,
  SERVICE_GROUPS,
  SERVICE_POWER_LEVELS,
  serviceSettingEntries,
  serviceSettingLabel,
} from './catalogue'
import { SERVICE_PATCH_EMPTY, serviceSettingsPatchSchema, serviceSettingsSchema } from './schemas'

describe('service settings catalogue', () => {
  it('has a Ukrainian label, a unit, a range holding the factory value and a known group for each parameter', () => {
    for (const [name, setting] of serviceSettingEntries()) {
      expect(serviceSettingLabel(setting), name).toMatch(/[А-Яа-яІіЇїЄєҐґ]/)
      expect(setting.min, name).toBeLessThan(setting.max)
      expect(setting.factory, name).toBeGreaterThanOrEqual(setting.min)
      expect(setting.factory, name).toBeLessThanOrEqual(setting.max)
      expect(SERVICE_GROUPS, name).toContain(setting.group)
    }
    expect(serviceSettingsSchema.safeParse(DEFAULT_SERVICE_SETTINGS).success).toBe(true)
  })

  it('covers feeder work and pause and fan speed per power level, ignition, cleaning, pumps and fuel', () => {
    const names = serviceSettingEntries().map(([name]) => name)
    for (const level of SERVICE_POWER_LEVELS) {
      expect(names).toContain(`feeder_work_${level}`)
      expect(names).toContain(`feeder_pause_${level}`)
      expect(names).toContain(`fan_speed_${level}`)
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'ignition_max_time',
        'ignition_fan_speed',
        'flame_threshold',
        'cleaning_interval',
        'cleaning_duration',
        'pump_start_temp',
        'antifreeze_temp',
        'fuel_calorific_value',
      ]),
    )
  })

  it('feeds in proportion to the power level at the factory values', () => {
    expect(SERVICE_POWER_LEVELS.map((level) => feederDuty(DEFAULT_SERVICE_SETTINGS, level))).toEqual([
      0.15, 0.3, 0.5,
    ])
  })

  it('measures the calorific value as the fuel settings do (kWh/kg, same range and default)', () => {
    const { fuel_calorific_value } = Object.fromEntries(serviceSettingEntries())
    expect(fuel_calorific_value).toMatchObject({
      unit: 'kwhPerKg',
      min: FUEL_LIMITS.calorific_value.min,
      max: FUEL_LIMITS.calorific_value.max,
      factory: FUEL_DEFAULTS.calorific_value,
    })
  })
})

describe('serviceSettingsPatchSchema', () => {
  it('accepts any subset within range, including one-decimal calorific values', () => {
    expect(serviceSettingsPatchSchema.parse({ fan_speed_30: 45 })).toEqual({ fan_speed_30: 45 })
    expect(serviceSettingsPatchSchema.safeParse({ fuel_calorific_value: 4.3 }).success).toBe(true)
  })

  it('refuses out-of-range, fractional, unknown and empty changes with Ukrainian messages on the field', () => {
    const range = serviceSettingsPatchSchema.safeParse({ fan_speed_100: 150 })
    expect(range.error?.issues[0]?.path).toEqual(['fan_speed_100'])
    expect(translateMessage(range.error?.issues[0]?.message ?? '', 'uk')).toBe(
      'Значення має бути від 10 до 100',
    )
    const fraction = serviceSettingsPatchSchema.safeParse({ feeder_work_30: 2.5 })
    expect(translateMessage(fraction.error?.issues[0]?.message ?? '', 'uk')).toBe(
      'Значення має бути цілим числом',
    )
    expect(serviceSettingsPatchSchema.safeParse({ fan_speed: 50 }).success).toBe(false)
    const empty = serviceSettingsPatchSchema.safeParse({})
    expect(empty.error?.issues[0]?.message).toBe(SERVICE_PATCH_EMPTY)
    expect(translateMessage(SERVICE_PATCH_EMPTY, 'uk')).toBe('Змініть хоча б один сервісний параметр')
  })
})
