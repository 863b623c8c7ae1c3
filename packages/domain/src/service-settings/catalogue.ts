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

export const SERVICE_GROUP_LABELS: Record<ServiceGroup, string> = {
  feeder: 'Подавач палива (шнек)',
  fan: 'Вентилятор',
  ignition: 'Розпалювання',
  cleaning: 'Очищення пальника',
  pumps: 'Насоси',
  fuel: 'Паливо',
}

/** The same groups in English (Ukrainian stays the reference wording). */
export const SERVICE_GROUP_LABELS_EN: Record<ServiceGroup, string> = {
  feeder: 'Fuel feeder (auger)',
  fan: 'Fan',
  ignition: 'Ignition',
  cleaning: 'Burner cleaning',
  pumps: 'Pumps',
  fuel: 'Fuel',
}

/** The burner's power levels the feeder and the fan are tuned for, percent of the set power. */
export const SERVICE_POWER_LEVELS = [30, 60, 100] as const
export type ServicePowerLevel = (typeof SERVICE_POWER_LEVELS)[number]

export type ServiceUnit = 'с' | 'хв' | '%' | '°C' | 'кВт·год/кг'

/** The units in English. */
export const SERVICE_UNITS_EN: Readonly<Record<ServiceUnit, string>> = {
  с: 's',
  хв: 'min',
  '%': '%',
  '°C': '°C',
  'кВт·год/кг': 'kWh/kg',
}

export interface ServiceSettingDefinition {
  group: ServiceGroup
  /** The form's label (Ukrainian, the reference wording), without the unit. */
  label: string
  /** The same label in English. */
  labelEn: string
  unit: ServiceUnit
  min: number
  max: number
  /** 1: whole numbers; 0.1: one decimal. */
  step: number
  /** What a controller uses until it is told otherwise. */
  factory: number
  /** A line under the input. */
  hint?: string
  hintEn?: string
}

const feederWork = (level: ServicePowerLevel, factory: number): ServiceSettingDefinition => ({
  group: 'feeder',
  label: `Робота шнека на ${level} %`,
  labelEn: `Auger run at ${level} %`,
  unit: 'с',
  min: 1,
  max: 60,
  step: 1,
  factory,
})
const feederPause = (level: ServicePowerLevel, factory: number): ServiceSettingDefinition => ({
  group: 'feeder',
  label: `Пауза шнека на ${level} %`,
  labelEn: `Auger pause at ${level} %`,
  unit: 'с',
  min: 1,
  max: 120,
  step: 1,
  factory,
})
const fanSpeed = (level: ServicePowerLevel, factory: number): ServiceSettingDefinition => ({
  group: 'fan',
  label: `Оберти вентилятора на ${level} %`,
  labelEn: `Fan speed at ${level} %`,
  unit: '%',
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
    label: 'Найдовший час розпалювання',
    labelEn: 'Longest ignition time',
    unit: 'хв',
    min: 4,
    max: 30,
    step: 1,
    factory: 10,
    hint: 'Без полум’я за цей час контролер зупиняє розпалювання',
    hintEn: 'With no flame by then, the controller stops the ignition',
  },
  ignition_fan_speed: {
    group: 'ignition',
    label: 'Оберти вентилятора під час розпалювання',
    labelEn: 'Fan speed during ignition',
    unit: '%',
    min: 10,
    max: 100,
    step: 1,
    factory: 40,
  },
  flame_threshold: {
    group: 'ignition',
    label: 'Поріг виявлення полум’я',
    labelEn: 'Flame detection threshold',
    unit: '%',
    min: 5,
    max: 90,
    step: 1,
    factory: 15,
    hint: 'Яскравість за фотодатчиком, з якої полум’я вважається розпаленим',
    hintEn: 'The flame sensor brightness from which the flame counts as lit',
  },
  cleaning_interval: {
    group: 'cleaning',
    label: 'Інтервал очищення',
    labelEn: 'Cleaning interval',
    unit: 'хв',
    min: 10,
    max: 480,
    step: 1,
    factory: 60,
  },
  cleaning_duration: {
    group: 'cleaning',
    label: 'Тривалість очищення',
    labelEn: 'Cleaning time',
    unit: 'с',
    min: 5,
    max: 120,
    step: 1,
    factory: 30,
  },
  pump_start_temp: {
    group: 'pumps',
    label: 'Температура увімкнення насоса котла',
    labelEn: 'Boiler pump start temperature',
    unit: '°C',
    min: 25,
    max: 65,
    step: 1,
    factory: 35,
  },
  antifreeze_temp: {
    group: 'pumps',
    label: 'Температура захисту від замерзання',
    labelEn: 'Frost protection temperature',
    unit: '°C',
    min: 1,
    max: 10,
    step: 1,
    factory: 5,
    hint: 'Нижче неї насоси вмикаються, щоб вода в системі не замерзла',
    hintEn: 'Below it the pumps start so that the water in the system does not freeze',
  },
  fuel_calorific_value: {
    group: 'fuel',
    label: 'Теплотворна здатність палива',
    labelEn: 'Fuel calorific value',
    unit: 'кВт·год/кг',
    min: FUEL_LIMITS.calorific_value.min,
    max: FUEL_LIMITS.calorific_value.max,
    step: 0.1,
    factory: FUEL_DEFAULTS.calorific_value,
    hint: 'За нею контролер рахує потужність пальника з подачі шнека',
    hintEn: 'The controller works out the burner power from the auger feed with it',
  },
} as const satisfies Record<string, ServiceSettingDefinition>

export type ServiceSettingName = keyof typeof SERVICE_SETTINGS

/** A full set of service parameters, by wire name. */
export type ServiceSettings = Record<ServiceSettingName, number>

/** A parameter's label in a language, without the unit. */
export function serviceSettingLabel(setting: ServiceSettingDefinition, language: Language = 'uk'): string {
  return language === 'en' ? setting.labelEn : setting.label
}

/** The line under a parameter's input, if it has one. */
export function serviceSettingHint(
  setting: ServiceSettingDefinition,
  language: Language = 'uk',
): string | undefined {
  return language === 'en' ? setting.hintEn : setting.hint
}

export function serviceUnit(unit: ServiceUnit, language: Language = 'uk'): string {
  return language === 'en' ? SERVICE_UNITS_EN[unit] : unit
}

export function serviceGroupLabel(group: ServiceGroup, language: Language = 'uk'): string {
  return (language === 'en' ? SERVICE_GROUP_LABELS_EN : SERVICE_GROUP_LABELS)[group]
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
