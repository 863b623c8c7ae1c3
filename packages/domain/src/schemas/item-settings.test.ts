import { describe, expect, it } from 'vitest'
import { ITEM_SETTINGS_SCHEMAS, itemSettingsSchema, toggleSettingsSchema } from './item-settings'

const {
  heater: heaterSettingsSchema,
  tank: tankSettingsSchema,
  gas: gasSettingsSchema,
  power: powerSettingsSchema,
  mode: modeSettingsSchema,
} = ITEM_SETTINGS_SCHEMAS

import { issuesOf } from './test-issues'

describe('temperature groups', () => {
  it('accepts the ends of the ranges and half-degree hysteresis', () => {
    expect(heaterSettingsSchema.safeParse({ heater_temp_set: 80, heater_hysteresis: 7.5 }).success).toBe(true)
    expect(tankSettingsSchema.safeParse({ boiler_temp_set: 0, boiler_hysteresis: 0 }).success).toBe(true)
  })

  it('rejects values out of range or off the 0.5 step', () => {
    expect(issuesOf(heaterSettingsSchema, { heater_temp_set: 81, heater_hysteresis: 0.3 })).toEqual({
      heater_temp_set: ['Значення має бути від 0 до 80'],
      heater_hysteresis: ['Значення має бути кратним 0,5'],
    })
    expect(issuesOf(tankSettingsSchema, { boiler_temp_set: -1, boiler_hysteresis: 8.5 })).toEqual({
      boiler_temp_set: ['Значення має бути від 0 до 80'],
      boiler_hysteresis: ['Значення має бути від 0 до 8'],
    })
  })
})

describe('gasSettingsSchema', () => {
  it('accepts a range inside 80–500', () => {
    expect(gasSettingsSchema.safeParse({ gas_temp_min: 80, gas_temp_max: 500 }).success).toBe(true)
    expect(gasSettingsSchema.safeParse({ gas_temp_min: 200, gas_temp_max: 200 }).success).toBe(true)
  })

  it('puts a reversed range on gas_temp_min', () => {
    expect(issuesOf(gasSettingsSchema, { gas_temp_min: 300, gas_temp_max: 200 })).toEqual({
      gas_temp_min: ['Мінімальна температура не може бути більшою за максимальну'],
    })
  })

  it('rejects values outside 80–500', () => {
    expect(issuesOf(gasSettingsSchema, { gas_temp_min: 79, gas_temp_max: 501 })).toEqual({
      gas_temp_min: ['Значення має бути від 80 до 500'],
      gas_temp_max: ['Значення має бути від 80 до 500'],
    })
  })
})

describe('power, mode and toggle groups', () => {
  it('checks burner power and modulation', () => {
    expect(powerSettingsSchema.safeParse({ burner_power_set: 5, burner_mod: true }).success).toBe(true)
    expect(issuesOf(powerSettingsSchema, { burner_power_set: 1001, burner_mod: 'yes' })).toEqual({
      burner_power_set: ['Значення має бути від 5 до 1000'],
      burner_mod: ['Модуляція має бути увімкнена або вимкнена'],
    })
  })

  it('allows pump modes 1 to 4 only', () => {
    expect(modeSettingsSchema.safeParse({ pump_mode: 4 }).success).toBe(true)
    expect(issuesOf(modeSettingsSchema, { pump_mode: 5 })).toEqual({
      pump_mode: ['Значення має бути від 1 до 4'],
    })
    expect(issuesOf(modeSettingsSchema, { pump_mode: 2.5 })).toEqual({
      pump_mode: ['Значення має бути цілим числом'],
    })
  })

  it('switches only on or off', () => {
    expect(toggleSettingsSchema.safeParse({ status: 'off' }).success).toBe(true)
    expect(issuesOf(toggleSettingsSchema, { status: 'archive' })).toEqual({
      status: ['Пристрій можна лише увімкнути або вимкнути'],
    })
  })
})

describe('itemSettingsSchema', () => {
  it('accepts exactly one group', () => {
    expect(itemSettingsSchema.parse({ pump_mode: 2 })).toEqual({ pump_mode: 2 })
    expect(itemSettingsSchema.parse({ status: 'on' })).toEqual({ status: 'on' })
    expect(itemSettingsSchema.parse({ heater_temp_set: 60, heater_hysteresis: 5 })).toEqual({
      heater_temp_set: 60,
      heater_hysteresis: 5,
    })
  })

  it('reports the field errors of the group that was sent', () => {
    expect(issuesOf(itemSettingsSchema, { boiler_temp_set: 90, boiler_hysteresis: 5 })).toEqual({
      boiler_temp_set: ['Значення має бути від 0 до 80'],
    })
    expect(issuesOf(itemSettingsSchema, { gas_temp_min: 400, gas_temp_max: 100 })).toEqual({
      gas_temp_min: ['Мінімальна температура не може бути більшою за максимальну'],
    })
  })

  it('rejects mixed or unknown groups', () => {
    expect(issuesOf(itemSettingsSchema, { pump_mode: 2, status: 'on' })).toEqual({
      '': ['Невідома група налаштувань'],
    })
    expect(issuesOf(itemSettingsSchema, { work_mode: 6 })).toEqual({ '': ['Невідома група налаштувань'] })
  })
})
