import { LIMITS } from '../limits'
import { PUMP_MODE_LABELS, PUMP_MODE_LABELS_EN, PUMP_MODES } from '../pump-modes'

/**
 * The boiler settings an owner changes from the dashboard, defined once. Everything else is derived from this
 * table: the PATCH groups and their validation, the item document's attributes, the database columns, the
 * desired-settings message and the acknowledgement the controller answers with, and the dashboard's inputs.
 * Adding a setting: one entry here and a migration (`npm run db:generate -w apps/server`); see ARCHITECTURE.md.
 *
 * The on/off switch is not here: it is the owner's wish (`power_set`), sent as `power` beside these settings.
 */
export const SETTINGS_GROUPS = ['heater', 'tank', 'gas', 'power', 'mode'] as const

/** One dashboard card and its dialog; a PATCH changes the settings of one group at a time. */
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number]

interface SettingBase {
  group: SettingsGroup
  /** Property of the items table in the server's schema; the SQL column and the wire use the setting's name. */
  column: string
  /** The input's label on the dashboard (Ukrainian, the reference wording). */
  label: string
  /** The same label in English. */
  labelEn: string
}

/** A number stored as double precision; `step` 1 means whole numbers. */
export interface NumberSetting extends SettingBase {
  kind: 'number'
  unit: '°C' | 'кВт'
  min: number
  max: number
  step: number
  /** What a controller that has never received settings uses, and the column's default. */
  factory: number
  /** What an empty dashboard input starts from. */
  fallback?: number
  /** This setting may not exceed another one (the gas band's minimum and maximum). */
  atMost?: { setting: string; message: string }
}

export interface BooleanSetting extends SettingBase {
  kind: 'boolean'
  factory: boolean
  /** Message for a value that is not a switch position. */
  invalid: string
}

/** One of a few numbered modes, stored as a small integer. */
export interface ChoiceSetting extends SettingBase {
  kind: 'choice'
  choices: readonly number[]
  /** What each choice is called on the dashboard. */
  choiceLabels: Readonly<Record<number, string>>
  choiceLabelsEn: Readonly<Record<number, string>>
  /** A line under the choices that explains their names. */
  hint?: string
  hintEn?: string
  factory: number
}

export type SettingDefinition = NumberSetting | BooleanSetting | ChoiceSetting

const { heaterTemp, tankTemp, gasTemp, burnerPower, hysteresis } = LIMITS
const hysteresisRange = {
  unit: '°C',
  min: hysteresis.min,
  max: hysteresis.max,
  step: hysteresis.step,
} as const
const GAS_BAND = 'Мінімальна температура не може бути більшою за максимальну'

export const ITEM_SETTINGS = {
  heater_temp_set: {
    kind: 'number',
    group: 'heater',
    column: 'heaterTempSet',
    label: 'Задана температура, °C',
    labelEn: 'Set temperature, °C',
    unit: '°C',
    min: heaterTemp.min,
    max: heaterTemp.max,
    step: 1,
    factory: 60,
  },
  heater_hysteresis: {
    kind: 'number',
    group: 'heater',
    column: 'heaterHysteresis',
    label: 'Гістерезис, °C',
    labelEn: 'Hysteresis, °C',
    ...hysteresisRange,
    factory: hysteresis.default,
    fallback: hysteresis.default,
  },
  boiler_temp_set: {
    kind: 'number',
    group: 'tank',
    column: 'boilerTempSet',
    label: 'Задана температура, °C',
    labelEn: 'Set temperature, °C',
    unit: '°C',
    min: tankTemp.min,
    max: tankTemp.max,
    step: 1,
    factory: 50,
  },
  boiler_hysteresis: {
    kind: 'number',
    group: 'tank',
    column: 'boilerHysteresis',
    label: 'Гістерезис, °C',
    labelEn: 'Hysteresis, °C',
    ...hysteresisRange,
    factory: hysteresis.default,
    fallback: hysteresis.default,
  },
  gas_temp_min: {
    kind: 'number',
    group: 'gas',
    column: 'gasTempMin',
    label: 'Мінімальна температура, °C',
    labelEn: 'Minimum temperature, °C',
    unit: '°C',
    min: gasTemp.min,
    max: gasTemp.max,
    step: 1,
    factory: gasTemp.defaultMin,
    fallback: gasTemp.defaultMin,
    atMost: { setting: 'gas_temp_max', message: GAS_BAND },
  },
  gas_temp_max: {
    kind: 'number',
    group: 'gas',
    column: 'gasTempMax',
    label: 'Максимальна температура, °C',
    labelEn: 'Maximum temperature, °C',
    unit: '°C',
    min: gasTemp.min,
    max: gasTemp.max,
    step: 1,
    factory: gasTemp.defaultMax,
    fallback: gasTemp.defaultMax,
  },
  burner_power_set: {
    kind: 'number',
    group: 'power',
    column: 'burnerPowerSet',
    label: 'Потужність, кВт',
    labelEn: 'Power, kW',
    unit: 'кВт',
    min: burnerPower.min,
    max: burnerPower.max,
    step: 1,
    factory: burnerPower.defaultMax,
    fallback: burnerPower.defaultMax,
  },
  burner_mod: {
    kind: 'boolean',
    group: 'power',
    column: 'burnerMod',
    label: 'Модуляція потужності',
    labelEn: 'Power modulation',
    factory: true,
    invalid: 'Модуляція має бути увімкнена або вимкнена',
  },
  pump_mode: {
    kind: 'choice',
    group: 'mode',
    column: 'pumpMode',
    label: 'Режим насосів',
    labelEn: 'Pump mode',
    choices: PUMP_MODES,
    choiceLabels: PUMP_MODE_LABELS,
    choiceLabelsEn: PUMP_MODE_LABELS_EN,
    hint: 'Б — бойлер (гаряча вода), К — котел (опалення)',
    hintEn: 'Tank: hot water; heating: the radiators',
    factory: 1,
  },
} as const satisfies Record<string, SettingDefinition>

export type SettingName = keyof typeof ITEM_SETTINGS

/** The value type of a setting: a switch is a boolean, everything else a number. */
export type SettingValue<Name extends SettingName> = (typeof ITEM_SETTINGS)[Name]['kind'] extends 'boolean'
  ? boolean
  : number

/** A full set of settings, as stored and as sent to the controller. */
export type SettingsValues = { [Name in SettingName]: SettingValue<Name> }

/** The names of the settings of one group. */
export type SettingNameOf<Group extends SettingsGroup> = {
  [Name in SettingName]: (typeof ITEM_SETTINGS)[Name]['group'] extends Group ? Name : never
}[SettingName]
