import { ITEM_SETTINGS, type NumberSetting, type SettingName } from '../settings/registry'

// The heating installation a controller announces (ADR 063): its heating circuits, outdoor sensor, buffer tank and
// hot water, and the ranges of the settings it takes. Declared once here; the capabilities message, the API's
// installation resource and the simulator use these.

/** Most heating circuits one controller drives (Plum ecoMAX and ÖkoFEN Pelletronic go up to four mixers). */
export const MAX_CIRCUITS = 4

/** What a circuit heats: radiators, underfloor loops, fan coils, or anything else. */
export const CIRCUIT_KINDS = ['radiators', 'underfloor', 'fan_coil', 'other'] as const
export type CircuitKind = (typeof CIRCUIT_KINDS)[number]

/** How a circuit runs: its comfort room setpoint, the reduced one, off (frost protection only) or by its schedule. */
export const CIRCUIT_MODES = ['comfort', 'reduced', 'off', 'schedule'] as const
export type CircuitMode = (typeof CIRCUIT_MODES)[number]

export interface RangeLimit {
  min: number
  max: number
  step: number
  unit: 'celsius' | 'minutes' | 'ratio' | 'kelvin'
}

/**
 * The absolute limits of the installation's settings: a controller announces a range inside them; the server never
 * asks for a value outside the controller's range, nor outside these.
 */
export const INSTALLATION_SETTING_LIMITS = {
  /** A circuit's room setpoint in comfort and in reduced mode. */
  comfort_temp: { min: 5, max: 30, step: 0.5, unit: 'celsius' },
  reduced_temp: { min: 5, max: 30, step: 0.5, unit: 'celsius' },
  /** The heating curve: flow temperature rise per degree of outdoor cooling, and its parallel shift. */
  curve_slope: { min: 0.2, max: 3.5, step: 0.1, unit: 'ratio' },
  curve_shift: { min: -15, max: 15, step: 1, unit: 'kelvin' },
  /** The flow temperature's floor and ceiling (underfloor loops stay low). */
  flow_min: { min: 10, max: 80, step: 1, unit: 'celsius' },
  flow_max: { min: 20, max: 90, step: 1, unit: 'celsius' },
  /** Outdoor temperature above which the circuit stops heating (summer). */
  summer_cutoff: { min: 10, max: 30, step: 0.5, unit: 'celsius' },
  /** Hot water: a one-time charge's length and the anti-legionella run's temperature. */
  boost_minutes: { min: 5, max: 240, step: 5, unit: 'minutes' },
  legionella_temp: { min: 55, max: 80, step: 1, unit: 'celsius' },
} as const satisfies Record<string, RangeLimit>

export type InstallationSettingName = keyof typeof INSTALLATION_SETTING_LIMITS

/** The boiler settings a controller may narrow in its capabilities: the registry's numbers. */
export const RANGED_BOILER_SETTINGS = (Object.keys(ITEM_SETTINGS) as SettingName[]).filter(
  (name) => ITEM_SETTINGS[name].kind === 'number',
)

/** A setting whose range a controller may announce, and the absolute limits it must stay within. */
export function absoluteRange(name: string): { min: number; max: number } | null {
  if (name in INSTALLATION_SETTING_LIMITS) {
    const { min, max } = INSTALLATION_SETTING_LIMITS[name as InstallationSettingName]
    return { min, max }
  }
  if ((RANGED_BOILER_SETTINGS as readonly string[]).includes(name)) {
    const setting = ITEM_SETTINGS[name as SettingName] as NumberSetting
    return { min: setting.min, max: setting.max }
  }
  return null
}

/** Every setting name a capabilities message may give a range for. */
export const RANGED_SETTING_NAMES: readonly string[] = [
  ...RANGED_BOILER_SETTINGS,
  ...Object.keys(INSTALLATION_SETTING_LIMITS),
]
