import { type MessageKey, msg } from '../i18n/message'
import { LIMITS } from '../limits'
import { PUMP_MODE_MESSAGES, PUMP_MODES } from '../pump-modes'

/**
 * The boiler settings an owner changes from the dashboard, defined once. Everything else is derived from this
 * table: the PATCH groups and their validation, the item document's attributes, the database columns, the
 * desired-settings message and the acknowledgement the controller answers with, and the dashboard's inputs.
 * Adding a setting: one entry here, with the next protocol revision as `since`, and a migration
 * (`npm run db:generate -w apps/server`); see ARCHITECTURE.md.
 *
 * The on/off switch is not here: it is the owner's wish (`power_set`), sent as `power` beside these settings.
 */
export const SETTINGS_GROUPS = ['heater', 'tank', 'mode', 'gas', 'power'] as const

/**
 * One dashboard card and its dialog (the cards in this order, their rows in the registry's order); a PATCH
 * changes the settings of one group at a time.
 */
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number]

/**
 * The settings revision every controller of protocol v1 knows: the settings of the first release. A setting added
 * later carries a higher revision; a controller that predates it leaves it out of its acks (ADR 051).
 */
export const BASE_SETTINGS_REVISION = 1

interface SettingBase {
  group: SettingsGroup
  /**
   * The revision of the device protocol (v1) that introduced the setting: BASE_SETTINGS_REVISION for the first
   * set, which every controller must report; a higher one is optional on the wire (ADR 051).
   */
  since: number
  /** Property of the items table in the server's schema; the SQL column and the wire use the setting's name. */
  column: string
  /** The input's label on the dashboard (a message, ADR 055). */
  label: MessageKey
  /** The name of its row on the dashboard's card, when shorter than the label without its unit («Задано»). */
  rowLabel?: MessageKey
}

/** A number stored as double precision; `step` 1 means whole numbers. */
export interface NumberSetting extends SettingBase {
  kind: 'number'
  unit: 'celsius' | 'kilowatt'
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
  choiceLabels: Readonly<Record<number, MessageKey>>
  /** A line under the choices that explains their names. */
  hint?: MessageKey
  factory: number
}

export type SettingDefinition = NumberSetting | BooleanSetting | ChoiceSetting

const { heaterTemp, tankTemp, gasTemp, burnerPower, hysteresis } = LIMITS
const hysteresisRange = {
  unit: 'celsius',
  min: hysteresis.min,
  max: hysteresis.max,
  step: hysteresis.step,
} as const
const GAS_BAND = msg('validation.settings.gasBand')

export const ITEM_SETTINGS = {
  heater_temp_set: {
    kind: 'number',
    group: 'heater',
    since: BASE_SETTINGS_REVISION,
    column: 'heaterTempSet',
    label: 'labels.setting.heaterTempSet.label',
    rowLabel: 'labels.setting.heaterTempSet.row',
    unit: 'celsius',
    min: heaterTemp.min,
    max: heaterTemp.max,
    step: 1,
    factory: 60,
  },
  heater_hysteresis: {
    kind: 'number',
    group: 'heater',
    since: BASE_SETTINGS_REVISION,
    column: 'heaterHysteresis',
    label: 'labels.setting.heaterHysteresis.label',
    ...hysteresisRange,
    factory: hysteresis.default,
    fallback: hysteresis.default,
  },
  boiler_temp_set: {
    kind: 'number',
    group: 'tank',
    since: BASE_SETTINGS_REVISION,
    column: 'boilerTempSet',
    label: 'labels.setting.boilerTempSet.label',
    rowLabel: 'labels.setting.boilerTempSet.row',
    unit: 'celsius',
    min: tankTemp.min,
    max: tankTemp.max,
    step: 1,
    factory: 50,
  },
  boiler_hysteresis: {
    kind: 'number',
    group: 'tank',
    since: BASE_SETTINGS_REVISION,
    column: 'boilerHysteresis',
    label: 'labels.setting.boilerHysteresis.label',
    ...hysteresisRange,
    factory: hysteresis.default,
    fallback: hysteresis.default,
  },
  gas_temp_min: {
    kind: 'number',
    group: 'gas',
    since: BASE_SETTINGS_REVISION,
    column: 'gasTempMin',
    label: 'labels.setting.gasTempMin.label',
    rowLabel: 'labels.setting.gasTempMin.row',
    unit: 'celsius',
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
    since: BASE_SETTINGS_REVISION,
    column: 'gasTempMax',
    label: 'labels.setting.gasTempMax.label',
    rowLabel: 'labels.setting.gasTempMax.row',
    unit: 'celsius',
    min: gasTemp.min,
    max: gasTemp.max,
    step: 1,
    factory: gasTemp.defaultMax,
    fallback: gasTemp.defaultMax,
  },
  burner_power_set: {
    kind: 'number',
    group: 'power',
    since: BASE_SETTINGS_REVISION,
    column: 'burnerPowerSet',
    label: 'labels.setting.burnerPowerSet.label',
    rowLabel: 'labels.setting.burnerPowerSet.row',
    unit: 'kilowatt',
    min: burnerPower.min,
    max: burnerPower.max,
    step: 1,
    factory: burnerPower.defaultMax,
    fallback: burnerPower.defaultMax,
  },
  burner_mod: {
    kind: 'boolean',
    group: 'power',
    since: BASE_SETTINGS_REVISION,
    column: 'burnerMod',
    label: 'labels.setting.burnerMod.label',
    rowLabel: 'labels.setting.burnerMod.row',
    factory: true,
    invalid: msg('validation.settings.modulationOnOff'),
  },
  pump_mode: {
    kind: 'choice',
    group: 'mode',
    since: BASE_SETTINGS_REVISION,
    column: 'pumpMode',
    label: 'labels.setting.pumpMode.label',
    choices: PUMP_MODES,
    choiceLabels: PUMP_MODE_MESSAGES,
    hint: 'labels.setting.pumpMode.hint',
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

/** The settings every controller of protocol v1 knows and must report (ADR 051). */
export type BaseSettingName = {
  [Name in SettingName]: (typeof ITEM_SETTINGS)[Name]['since'] extends typeof BASE_SETTINGS_REVISION
    ? Name
    : never
}[SettingName]

/**
 * The settings a controller reports in effect: the base set, and the newer settings it knows (one that predates
 * a setting leaves it out).
 */
export type ReportedSettingsValues = { [Name in BaseSettingName]: SettingValue<Name> } & {
  [Name in Exclude<SettingName, BaseSettingName>]?: SettingValue<Name>
}
