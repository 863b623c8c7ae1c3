import type { CapabilitiesMessage, InstallationCircuit } from '@teplo/domain'

/** Most circuits the simulator models (radiators, underfloor, a second radiator floor). */
export const MAX_SIMULATED_CIRCUITS = 3

const CIRCUITS: readonly InstallationCircuit[] = [
  {
    n: 1,
    kind: 'radiators',
    name: 'Радіатори',
    flow_sensor: true,
    room_sensor: true,
    mixing_valve: true,
    pump: true,
  },
  {
    n: 2,
    kind: 'underfloor',
    name: 'Тепла підлога',
    flow_sensor: true,
    room_sensor: true,
    mixing_valve: true,
    pump: true,
  },
  {
    n: 3,
    kind: 'radiators',
    name: 'Другий поверх',
    flow_sensor: true,
    room_sensor: false,
    mixing_valve: true,
    pump: true,
  },
]

export type SimulatedInstallation = Omit<CapabilitiesMessage, 'ts'>

/**
 * The installation a simulated controller announces with `circuits` heating circuits (1…3): an outdoor sensor, a
 * buffer tank with two sensors, hot water with boost and anti-legionella, and narrower ranges where a real
 * controller has them. 0 circuits: null, a controller of the single-boiler model that announces nothing.
 */
export function simulatedInstallation(circuits: number): SimulatedInstallation | null {
  if (circuits <= 0) return null
  return {
    circuits: CIRCUITS.slice(0, Math.min(circuits, MAX_SIMULATED_CIRCUITS)).map((c) => ({ ...c })),
    outdoor_sensor: true,
    buffer_tank: { top_sensor: true, bottom_sensor: true },
    hot_water: { boost: true, legionella: true },
    settings: {
      curve_slope: { min: 0.2, max: 3 },
      flow_max: { min: 25, max: 85 },
      boost_minutes: { min: 15, max: 120 },
      legionella_temp: { min: 60, max: 75 },
    },
  }
}
