import { z } from 'zod'
import { LIMITS } from '../limits'
import { numberInRange } from './fields'

const { heaterTemp, tankTemp, gasTemp, burnerPower, hysteresis } = LIMITS

const hysteresisField = numberInRange(hysteresis.min, hysteresis.max).multipleOf(hysteresis.step, {
  error: 'Значення має бути кратним 0,5',
})

/** Each dashboard modal sends exactly one group; strict objects keep groups from mixing. */
export const heaterSettingsSchema = z.strictObject({
  heater_temp_set: numberInRange(heaterTemp.min, heaterTemp.max, { integer: true }),
  heater_hysteresis: hysteresisField,
})

export const tankSettingsSchema = z.strictObject({
  boiler_temp_set: numberInRange(tankTemp.min, tankTemp.max, { integer: true }),
  boiler_hysteresis: hysteresisField,
})

export const gasSettingsSchema = z
  .strictObject({
    gas_temp_min: numberInRange(gasTemp.min, gasTemp.max, { integer: true }),
    gas_temp_max: numberInRange(gasTemp.min, gasTemp.max, { integer: true }),
  })
  .refine((gas) => gas.gas_temp_min <= gas.gas_temp_max, {
    error: 'Мінімальна температура не може бути більшою за максимальну',
    path: ['gas_temp_min'],
  })

export const powerSettingsSchema = z.strictObject({
  burner_power_set: numberInRange(burnerPower.min, burnerPower.max, { integer: true }),
  burner_mod: z.boolean({ error: 'Модуляція має бути увімкнена або вимкнена' }),
})

export const modeSettingsSchema = z.strictObject({
  pump_mode: numberInRange(1, 4, { integer: true }),
})

export const toggleSettingsSchema = z.strictObject({
  status: z.enum(['on', 'off'], { error: 'Пристрій можна лише увімкнути або вимкнути' }),
})

export const ITEM_SETTINGS_SCHEMAS = {
  heater: heaterSettingsSchema,
  tank: tankSettingsSchema,
  gas: gasSettingsSchema,
  power: powerSettingsSchema,
  mode: modeSettingsSchema,
  toggle: toggleSettingsSchema,
} as const

export type ItemSettingsGroup = keyof typeof ITEM_SETTINGS_SCHEMAS

export const itemSettingsSchema = z.union(
  [
    heaterSettingsSchema,
    tankSettingsSchema,
    gasSettingsSchema,
    powerSettingsSchema,
    modeSettingsSchema,
    toggleSettingsSchema,
  ],
  { error: 'Невідома група налаштувань' },
)

export type HeaterSettingsInput = z.input<typeof heaterSettingsSchema>
export type TankSettingsInput = z.input<typeof tankSettingsSchema>
export type GasSettingsInput = z.input<typeof gasSettingsSchema>
export type PowerSettingsInput = z.input<typeof powerSettingsSchema>
export type ModeSettingsInput = z.input<typeof modeSettingsSchema>
export type ToggleSettingsInput = z.input<typeof toggleSettingsSchema>
export type ItemSettingsInput = z.input<typeof itemSettingsSchema>
export type ItemSettings = z.infer<typeof itemSettingsSchema>
