import { type MessageKey, msg } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import type { Language } from '../languages'
import { FUEL_DEFAULTS } from '../resources/history'
import { FUEL_LIMITS } from '../schemas/history'

/**
 * The controller's service parameters (spec: «Сервісні налаштування»), defined once: what an installer tunes
 * when commissioning a burner. The API's validation, the `service` object of settings/desired, the controller's
 * range check and the service screen's form are derived from this table. Owners read them; installers and
 * administrators change them (ADR 025).
 */
export const SERVICE_GROUPS = ['feeder', 'fan', 'ignition', 'cleaning', 'pumps', 'fuel'] as const
export type ServiceGroup = (typeof SERVICE_GROUPS)[number]

/** The burner's power levels the feeder and the fan are tuned for, percent of the set power. */
export const SERVICE_POWER_LEVELS = [30, 60, 100] as const
export type ServicePowerLevel = (typeof SERVICE_POWER_LEVELS)[number]

/** A parameter's unit (its words: serviceUnit). */
export type ServiceUnit = 'seconds' | 'minutes' | 'percent' | 'celsius' | 'kwhPerKg'

export interface ServiceSettingDefinition {
  group: ServiceGroup
  /** The form's label without the unit: a message (ADR 055). */
  label: string
  unit: ServiceUnit
  min: number
  max: number
  /** 1: whole numbers; 0.1: one decimal. */
  step: number
  /** What a controller uses until it is told otherwise. */
  factory: number
  /** A line under the input: a message. */
  hint?: MessageKey
}

const feederWork = (level: ServicePowerLevel, factory: number): ServiceSettingDefinition => ({
  group: 'feeder',
  label: msg('labels.service.feederWork', { level }),
  unit: 'seconds',
  min: 1,
  max: 60,
  step: 1,
  factory,
})
const feederPause = (level: ServicePowerLevel, factory: number): ServiceSettingDefinition => ({
  group: 'feeder',
  label: msg('labels.service.feederPause', { level }),
  unit: 'seconds',
  min: 1,
  max: 120,
  step: 1,
  factory,
})
const fanSpeed = (level: ServicePowerLevel, factory: number): ServiceSettingDefinition => ({
  group: 'fan',
  label: msg('labels.service.fanSpeed', { level }),
  unit: 'percent',
  min: 10,
  max: 100,
  step: 1,
  factory,
})

// Factory feeding is proportional to the power level (duty 0.15, 0.3, 0.5) with 1.4–1.9 times the air it needs.
export const SERVICE_SETTINGS = {
  feeder_work_30: feederWork(30, 3),
  feeder_pause_30: feederPause(30, 17),
  feeder_work_60: feederWork(60, 6),
  feeder_pause_60: feederPause(60, 14),
  feeder_work_100: feederWork(100, 10),
  feeder_pause_100: feederPause(100, 10),
  fan_speed_30: fanSpeed(30, 35),
  fan_speed_60: fanSpeed(60, 60),
  fan_speed_100: fanSpeed(100, 90),
  ignition_max_time: {
    group: 'ignition',
    label: msg('labels.service.ignitionMaxTime.label'),
    unit: 'minutes',
    min: 4,
    max: 30,
    step: 1,
    factory: 10,
    hint: 'labels.service.ignitionMaxTime.hint',
  },
  ignition_fan_speed: {
    group: 'ignition',
    label: msg('labels.service.ignitionFanSpeed.label'),
    unit: 'percent',
    min: 10,
    max: 100,
    step: 1,
    factory: 40,
  },
  flame_threshold: {
    group: 'ignition',
    label: msg('labels.service.flameThreshold.label'),
    unit: 'percent',
    min: 5,
    max: 90,
    step: 1,
    factory: 15,
    hint: 'labels.service.flameThreshold.hint',
  },
  cleaning_interval: {
    group: 'cleaning',
    label: msg('labels.service.cleaningInterval.label'),
    unit: 'minutes',
    min: 10,
    max: 480,
    step: 1,
    factory: 60,
  },
  cleaning_duration: {
    group: 'cleaning',
    label: msg('labels.service.cleaningDuration.label'),
    unit: 'seconds',
    min: 5,
    max: 120,
    step: 1,
    factory: 30,
  },
  pump_start_temp: {
    group: 'pumps',
    label: msg('labels.service.pumpStartTemp.label'),
    unit: 'celsius',
    min: 25,
    max: 65,
    step: 1,
    factory: 35,
  },
  antifreeze_temp: {
    group: 'pumps',
    label: msg('labels.service.antifreezeTemp.label'),
    unit: 'celsius',
    min: 1,
    max: 10,
    step: 1,
    factory: 5,
    hint: 'labels.service.antifreezeTemp.hint',
  },
  fuel_calorific_value: {
    group: 'fuel',
    label: msg('labels.service.fuelCalorificValue.label'),
    unit: 'kwhPerKg',
    min: FUEL_LIMITS.calorific_value.min,
    max: FUEL_LIMITS.calorific_value.max,
    step: 0.1,
    factory: FUEL_DEFAULTS.calorific_value,
    hint: 'labels.service.fuelCalorificValue.hint',
  },
} as const satisfies Record<string, ServiceSettingDefinition>

export type ServiceSettingName = keyof typeof SERVICE_SETTINGS

/** A full set of service parameters, by wire name. */
export type ServiceSettings = Record<ServiceSettingName, number>

/** A parameter's label in a language, without the unit. */
export function serviceSettingLabel(setting: ServiceSettingDefinition, language: Language = 'uk'): string {
  return translateMessage(setting.label, language)
}

/** The line under a parameter's input, if it has one. */
export function serviceSettingHint(
  setting: ServiceSettingDefinition,
  language: Language = 'uk',
): string | undefined {
  return setting.hint === undefined ? undefined : translateMessage(msg(setting.hint), language)
}

export function serviceUnit(unit: ServiceUnit, language: Language = 'uk'): string {
  return translateMessage(msg(`labels.serviceUnit.${unit}`), language)
}

export function serviceGroupLabel(group: ServiceGroup, language: Language = 'uk'): string {
  return translateMessage(msg(`labels.serviceGroup.${group}`), language)
}

/** Every service parameter with its name, in the catalogue's order. */
export function serviceSettingEntries(): [ServiceSettingName, ServiceSettingDefinition][] {
  return Object.entries(SERVICE_SETTINGS) as [ServiceSettingName, ServiceSettingDefinition][]
}

export function isServiceSettingName(name: string): name is ServiceSettingName {
  return Object.hasOwn(SERVICE_SETTINGS, name)
}

/** The controller's factory service parameters. */
export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = Object.fromEntries(
  serviceSettingEntries().map(([name, setting]) => [name, setting.factory]),
) as ServiceSettings

/** Share of the time the feeder runs at a power level: work / (work + pause). */
export function feederDuty(settings: ServiceSettings, level: ServicePowerLevel): number {
  const work = settings[`feeder_work_${level}`]
  return work / (work + settings[`feeder_pause_${level}`])
}
