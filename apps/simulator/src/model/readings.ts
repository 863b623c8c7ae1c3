import type { DeviceSettings, ErrorEventMessage, TelemetryMessage } from '@teplo/domain'
import { outdoorTemp } from './outdoor'
import { type BoilerState, isFiring } from './state'

const round1 = (value: number) => Math.round(value * 10) / 10

/** What the sensors report: a faulty sensor reads null (E7 tank, E8 coolant, E9 flue gas). */
export function sensorReadings(state: BoilerState) {
  return {
    heater_temp: state.faults.E8 === undefined ? round1(state.heaterTemp) : null,
    boiler_temp: state.faults.E7 === undefined ? round1(state.tankTemp) : null,
    gas_temp: state.faults.E9 === undefined ? round1(state.gasTemp) : null,
  }
}

type TelemetryReadings = Omit<TelemetryMessage, 'boot_id' | 'seq' | 'ts' | 'settings_version'>

/**
 * The readings of a telemetry message; with `ms` (the reading's time) also the optional outdoor temperature and
 * the controller's own burner hours and ignitions counters.
 */
export function telemetryReadings(
  state: BoilerState,
  settings: DeviceSettings,
  ms?: number,
): TelemetryReadings {
  return {
    ...(ms === undefined
      ? {}
      : {
          outdoor_temp: outdoorTemp(ms),
          burner_hours: Math.round((state.burnerSeconds / 3600) * 1000) / 1000,
          ignitions: state.ignitions,
        }),
    ...sensorReadings(state),
    burner_power: round1(Math.max(0, state.burnerPower)),
    flame_brightness: Math.round(Math.min(100, Math.max(0, state.flameBrightness))),
    work_mode: state.workMode,
    pump_mode: settings.pump_mode,
    burner_on: isFiring(state),
  }
}

/** Circuits the controller serves: 0 off, 1 boiler (heating), 2 tank, 3 both. */
export function modeStatus(settings: DeviceSettings): number {
  if (settings.power === 'off') return 0
  switch (settings.pump_mode) {
    case 2:
      return 2
    case 3:
      return 1
    default:
      return 3
  }
}

type EventReadings = Omit<ErrorEventMessage, 'event_id' | 'code' | 'ts'>

/** Readings attached to an error event; power in percent of the set power. */
export function errorEventReadings(state: BoilerState, settings: DeviceSettings): EventReadings {
  const percent = settings.burner_power_set > 0 ? (100 * state.burnerPower) / settings.burner_power_set : 0
  return {
    ...sensorReadings(state),
    mode_status: modeStatus(settings),
    burner_power: Math.round(Math.min(100, Math.max(0, percent))),
    work_mode: state.workMode,
  }
}
