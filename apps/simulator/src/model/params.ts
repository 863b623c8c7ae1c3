import { DEFAULT_SERVICE_SETTINGS, FUEL_DEFAULTS, type ServiceSettings } from '@teplo/domain'

/** Physical constants of one simulated installation; powers in kW, heat capacities in kJ/K, times in seconds. */
export interface BoilerParams {
  /** Boiler and heating-circuit water (≈300 l). */
  waterCapacity: number
  /** Hot-water tank (≈150 l). */
  tankCapacity: number
  /** House heat loss per kelvin of radiator water above indoor temperature, while the heating pump runs. */
  houseLossPerK: number
  /** Boiler jacket loss to the boiler room. */
  jacketLossPerK: number
  /** Tank coil transfer while the tank pump runs. */
  tankCoilPerK: number
  tankLossPerK: number
  /** Standing hot-water use drawn from the tank. */
  tankDraw: number
  /** A shower or bath every hour: extra draw for a few minutes. */
  showerDraw: number
  showerSeconds: number
  /** Phase (s) of the slow swing of the house load (wind, sun), so houses differ. */
  loadPhase: number
  efficiency: number
  roomTemp: number
  indoorTemp: number
  /** The controller's service parameters in effect (pump start, feeder, fan, ignition, cleaning; ADR 025). */
  service: ServiceSettings
  /** What the pellets really give, kWh/kg (the controller's `fuel_calorific_value` is what it was told). */
  fuelCalorificValue: number
  ignitionSeconds: number
  stabilisationSeconds: number
  extinguishSeconds: number
  pauseSeconds: number
  /** Water temperature span below the set point over which the burner modulates from full to minimum power. */
  modulationBand: number
  /** Minimum modulation as a share of burner_power_set (5 %). */
  minModulation: number
  /** How long an error keeps its effect before the controller recovers on its own. */
  faultHoldSeconds: number
}

export const DEFAULT_PARAMS: BoilerParams = {
  waterCapacity: 300 * 4.186,
  tankCapacity: 150 * 4.186,
  houseLossPerK: 0.6,
  jacketLossPerK: 0.02,
  tankCoilPerK: 1.2,
  tankLossPerK: 0.01,
  tankDraw: 0.3,
  showerDraw: 8,
  showerSeconds: 300,
  loadPhase: 0,
  efficiency: 0.9,
  roomTemp: 18,
  indoorTemp: 21,
  service: DEFAULT_SERVICE_SETTINGS,
  fuelCalorificValue: FUEL_DEFAULTS.calorific_value,
  ignitionSeconds: 180,
  stabilisationSeconds: 120,
  extinguishSeconds: 120,
  pauseSeconds: 120,
  modulationBand: 10,
  minModulation: 0.05,
  faultHoldSeconds: 600,
}

/** Deterministic 0…1 from a serial, so each simulated house differs a little but the same serial repeats. */
function unitHash(serial: string, salt: number): number {
  let h = 2166136261 ^ salt
  for (const char of serial) h = Math.imul(h ^ char.charCodeAt(0), 16777619)
  return ((h >>> 0) % 10_000) / 10_000
}

/**
 * A house a 15–30 kW pellet boiler heats, in the heating season: radiators giving 0.04–0.07 kW per kelvin of water
 * above the rooms (1.5–3 kW at 60 °C), hot water, the boiler's own loss and its ignitions make a burner average
 * of about 5 kW — 25–35 kg of pellets a day. Each serial's house differs a little; the same serial repeats.
 */
export function paramsForSerial(serial: string): BoilerParams {
  return {
    ...DEFAULT_PARAMS,
    houseLossPerK: 0.04 + 0.03 * unitHash(serial, 1),
    tankDraw: 0.2 + 0.3 * unitHash(serial, 2),
    roomTemp: 15 + 6 * unitHash(serial, 3),
    loadPhase: 3600 * unitHash(serial, 4),
  }
}

/** House load swings ±15 % over 40 minutes, so a held temperature still moves like a real one. */
export function houseLoadFactor(params: BoilerParams, clock: number): number {
  return 1 + 0.15 * Math.sin((2 * Math.PI * (clock + params.loadPhase)) / 2400)
}

/** Hot water drawn from the tank at simulated time `clock`, kW. */
export function tankDrawAt(params: BoilerParams, clock: number): number {
  const inShower = (clock + params.loadPhase) % 3600 < params.showerSeconds
  return params.tankDraw + (inShower ? params.showerDraw : 0)
}
