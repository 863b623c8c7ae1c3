import {
  DEFAULT_SERVICE_SETTINGS,
  feederDuty,
  SERVICE_POWER_LEVELS,
  type ServicePowerLevel,
  type ServiceSettings,
  serviceRefusalReason,
} from '@teplo/domain'
import type { BoilerParams } from './params'
import { type BoilerState, WORK_MODE } from './state'

// How the controller's service parameters shape the burner (ADR 025). The feeder's duty (work / (work + pause))
// at each power level sets the fuel, the fan the air; between the levels the controller interpolates. Factory
// values give exactly the output asked for, so a boiler nobody has tuned behaves as before.

/** Feeder duty at which the burner gives burner_power_set. */
const NOMINAL_DUTY = 0.5
/** The fan at 100 % blows the air for 1.6 times the fuel of burner_power_set. */
const AIR_AT_FULL_FAN = 1.6
/** Least excess air the controller accepts at any level: below it the flame chokes and smokes. */
export const MIN_EXCESS_AIR = 1.1
/** The ignition flame's output with the factory ignition fan, as a share of burner_power_set (2 × minimum). */
const IGNITION_FAN_FACTORY = DEFAULT_SERVICE_SETTINGS.ignition_fan_speed
/** Brightness the photocell sees of a lit flame at no output, and the span up to full output. */
export const FLAME_BASE = 20
export const FLAME_SPAN = 80

/** Share of the flame the photocell still sees through the ash stirred up by a cleaning blast. */
const CLEANING_SHADE = 0.6

const LEVEL_SHARES = SERVICE_POWER_LEVELS.map((level) => level / 100)

/** Fuel fed at a level, as a share of what gives burner_power_set. */
function feedAt(service: ServiceSettings, level: ServicePowerLevel): number {
  return feederDuty(service, level) / NOMINAL_DUTY
}

/** Air blown at a level, in the same measure as the fuel (1 = enough for burner_power_set). */
function airAt(service: ServiceSettings, level: ServicePowerLevel): number {
  return (service[`fan_speed_${level}`] / 100) * AIR_AT_FULL_FAN
}

/** Excess air (λ) at a level: air over the fuel it must burn. */
export function excessAirAt(service: ServiceSettings, level: ServicePowerLevel): number {
  return airAt(service, level) / feedAt(service, level)
}

/** Fuel and air when the controller aims at `share` of burner_power_set, interpolated between the levels. */
function feedAndAir(service: ServiceSettings, share: number): { feed: number; air: number } {
  const points = SERVICE_POWER_LEVELS.map((level, i) => ({
    share: LEVEL_SHARES[i]!,
    feed: feedAt(service, level),
    air: airAt(service, level),
  }))
  const first = points[0]!
  if (share <= first.share) {
    const scale = Math.max(0, share) / first.share
    return { feed: first.feed * scale, air: first.air * scale }
  }
  for (let i = 1; i < points.length; i++) {
    const low = points[i - 1]!
    const high = points[i]!
    if (share <= high.share) {
      const t = (share - low.share) / (high.share - low.share)
      return { feed: low.feed + t * (high.feed - low.feed), air: low.air + t * (high.air - low.air) }
    }
  }
  const last = points[points.length - 1]!
  return { feed: last.feed, air: last.air }
}

/** Whether the controller's periodic burner cleaning (fan at full, blowing the ash off) is under way. */
export function cleaning(service: ServiceSettings, clock: number): boolean {
  const period = service.cleaning_interval * 60
  return clock % period >= period - service.cleaning_duration
}

/**
 * The burner's output and flame when the controller aims at `share` of burner_power_set: the fuel fed makes the
 * output (less of it where the air does not suffice); the flame is paler with more air than the factory tuning
 * gives at that share and brighter with less. During cleaning the fan runs at full.
 */
export function burnerShape(
  service: ServiceSettings,
  share: number,
  clock: number,
): { output: number; flameFactor: number } {
  if (share <= 0) return { output: 0, flameFactor: 1 }
  const { feed, air: tuned } = feedAndAir(service, share)
  const blowing = cleaning(service, clock)
  const air = blowing ? AIR_AT_FULL_FAN * Math.min(1, share / LEVEL_SHARES[0]!) : tuned
  const lambda = feed > 0 ? air / feed : Number.POSITIVE_INFINITY
  const factory = feedAndAir(DEFAULT_SERVICE_SETTINGS, share)
  const factoryLambda = factory.air / factory.feed
  const output = feed * Math.min(1, lambda)
  const flame = Number.isFinite(lambda) ? Math.min(1.5, Math.max(0.3, factoryLambda / lambda)) : 0
  // The ash the blast stirs up shades the photocell as well.
  return { output, flameFactor: blowing ? flame * CLEANING_SHADE : flame }
}

/** The ignition flame's output, as a share of burner_power_set: the igniter's fan feeds the glowing pellets. */
export function ignitionShare(service: ServiceSettings, params: BoilerParams): number {
  return 2 * params.minModulation * Math.min(1.5, service.ignition_fan_speed / IGNITION_FAN_FACTORY)
}

/** Seconds after ignition starts until the first pellets catch: slower with a weaker ignition fan. */
export function catchSeconds(service: ServiceSettings, params: BoilerParams): number {
  return params.ignitionSeconds * 0.6 * Math.max(1, IGNITION_FAN_FACTORY / service.ignition_fan_speed)
}

/** The brightness the ignition flame settles at; a flame threshold must lie below it. */
export function ignitionFlame(service: ServiceSettings, params: BoilerParams): number {
  return FLAME_BASE + FLAME_SPAN * ignitionShare(service, params)
}

/** Ignition has run its longest time without the flame threshold: the controller gives up (E1). */
export function ignitionFailed(state: BoilerState, params: BoilerParams): boolean {
  return (
    state.workMode === WORK_MODE.ignition &&
    state.modeSeconds >= params.service.ignition_max_time * 60 &&
    state.flameBrightness < params.service.flame_threshold &&
    state.faults.E1 === undefined
  )
}

const decimal = (value: number) => value.toFixed(2).replace('.', ',')

/**
 * Why this controller refuses a service set: a value out of range, or a combination the burner cannot run —
 * feeding that does not grow with the power level, a fan too weak for the fuel fed at a level, or a flame
 * threshold the ignition flame never reaches. Null when it can run them.
 */
export function serviceCombinationReason(service: ServiceSettings, params: BoilerParams): string | null {
  const range = serviceRefusalReason(service)
  if (range) return range
  for (let i = 1; i < SERVICE_POWER_LEVELS.length; i++) {
    const low = SERVICE_POWER_LEVELS[i - 1]!
    const high = SERVICE_POWER_LEVELS[i]!
    if (feederDuty(service, high) <= feederDuty(service, low)) {
      return `service.feeder_work_${high}: подача на ${high} % (${decimal(feederDuty(service, high))}) має бути більшою, ніж на ${low} % (${decimal(feederDuty(service, low))})`
    }
  }
  for (const level of SERVICE_POWER_LEVELS) {
    const lambda = excessAirAt(service, level)
    if (lambda < MIN_EXCESS_AIR) {
      return `service.fan_speed_${level}: вентилятор на ${service[`fan_speed_${level}`]} % не дає повітря для подачі ${service[`feeder_work_${level}`]} с / ${service[`feeder_pause_${level}`]} с (надлишок повітря ${decimal(lambda)}, потрібно щонайменше ${decimal(MIN_EXCESS_AIR)})`
    }
  }
  const reachable = FLAME_BASE + FLAME_SPAN * ignitionShare(service, params) * 0.9
  if (service.flame_threshold >= reachable) {
    return `service.flame_threshold: полум’я розпалювання з вентилятором на ${service.ignition_fan_speed} % дає близько ${Math.floor(reachable)} %, поріг ${service.flame_threshold} % недосяжний`
  }
  return null
}

/** The burner power the controller reports: the fuel it fed times the calorific value it was told. */
export function reportedBurnerPower(power: number, service: ServiceSettings, params: BoilerParams): number {
  return (power * service.fuel_calorific_value) / params.fuelCalorificValue
}
