import type { TelemetryMessage } from '@teplo/domain'

/**
 * Situations the server's alarms watch for that are not controller error codes, forced on a simulated boiler
 * until cleared: the water overheating or near freezing, the fire gone out with the water cooling, a controller
 * that stops talking (its connection stays open).
 */
export const CONDITIONS = ['overheat', 'frost', 'fire-out', 'silence'] as const
export type Condition = (typeof CONDITIONS)[number]

export const isCondition = (value: string): value is Condition =>
  (CONDITIONS as readonly string[]).includes(value)

export type ActiveCondition = { condition: Condition; sinceMs: number; startTemp: number }

/** Coolant temperature while overheating and while near freezing (°C). */
export const OVERHEAT_TEMP = 96
export const FROST_TEMP = 3
/** How fast the water cools once the fire is out, per minute of (accelerated) boiler time. */
export const FIRE_OUT_COOLING_PER_MINUTE = 0.5
/** The controller stays in modulation (it means to heat) with the burner out. */
const MODULATION = 6

type Readings = Omit<TelemetryMessage, 'boot_id' | 'seq' | 'ts' | 'settings_version'>

/** The readings as the condition makes them; `elapsedS` is boiler time since it began. */
export function applyCondition<R extends Readings>(
  readings: R,
  active: ActiveCondition,
  elapsedS: number,
): R {
  switch (active.condition) {
    case 'overheat':
      return { ...readings, heater_temp: OVERHEAT_TEMP }
    case 'frost':
      return { ...readings, heater_temp: FROST_TEMP, burner_on: false, burner_power: 0, flame_brightness: 0 }
    case 'fire-out': {
      const cooled = active.startTemp - (elapsedS / 60) * FIRE_OUT_COOLING_PER_MINUTE
      return {
        ...readings,
        heater_temp: Math.round(Math.max(FROST_TEMP + 5, cooled) * 10) / 10,
        burner_on: false,
        burner_power: 0,
        flame_brightness: 0,
        work_mode: MODULATION,
      }
    }
    case 'silence':
      return readings
  }
}
