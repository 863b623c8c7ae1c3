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

/** A circuit's heating curve as the simulated controller applies it (slice 3 lets the owner change it). */
interface Curve {
  slope: number
  shift: number
  flowMin: number
  flowMax: number
}

/** How well a circuit's emitters pass heat to the room against its losses (an underfloor loop's large surface). */
const EMITTER_GAIN: Record<string, number> = { radiators: 0.72, underfloor: 1.9, fan_coil: 1, other: 1 }

/** Radiators want hot water on a steep curve; underfloor loops stay low and shallow. */
const DEFAULT_CURVES: Record<string, Curve> = {
  radiators: { slope: 1.4, shift: 0, flowMin: 25, flowMax: 75 },
  underfloor: { slope: 0.6, shift: 0, flowMin: 20, flowMax: 45 },
  fan_coil: { slope: 1, shift: 0, flowMin: 25, flowMax: 60 },
  other: { slope: 1, shift: 0, flowMin: 20, flowMax: 60 },
}

const COMFORT_ROOM = 21
const SUMMER_CUTOFF = 18

/** The flow temperature a curve asks for at an outdoor temperature, for a room at COMFORT_ROOM. */
export function curveFlow(curve: Curve, outdoor: number): number {
  const flow = COMFORT_ROOM + curve.slope * (COMFORT_ROOM - outdoor) + curve.shift
  return Math.min(curve.flowMax, Math.max(curve.flowMin, flow))
}

/** First-order approach of `value` to `target` over `seconds` with time constant `tau`. */
const approach = (value: number, target: number, seconds: number, tau: number) =>
  target + (value - target) * Math.exp(-seconds / tau)

const round1 = (value: number) => Math.round(value * 10) / 10

interface CircuitState {
  n: number
  curve: Curve
  flow: number
  room: number
  valve: number
  pump: boolean
  gain: number
  roomSensor: boolean
}

/**
 * The installation's physics behind the boiler: a buffer tank charged from the boiler water, and circuits that mix
 * from the buffer's top to their curve's flow temperature and warm their rooms against the outdoor temperature.
 * Deterministic: a function of the time steps it is given.
 */
export class InstallationModel {
  private bufferTop = 50
  private bufferBottom = 42
  private readonly circuits: CircuitState[]

  constructor(installation: SimulatedInstallation) {
    this.circuits = installation.circuits.map((circuit) => ({
      n: circuit.n,
      curve: { ...(DEFAULT_CURVES[circuit.kind] ?? DEFAULT_CURVES.other!) },
      flow: 30,
      room: 20.5,
      valve: 0,
      pump: false,
      gain: EMITTER_GAIN[circuit.kind] ?? 1,
      roomSensor: circuit.room_sensor,
    }))
  }

  /** Advances `seconds` with the boiler water at `supply` (null: sensor fault, taken as cooling) and `outdoor`. */
  step(seconds: number, supply: number | null, outdoor: number): void {
    if (seconds <= 0) return
    // The buffer's top follows the boiler water a little below it; without it, it cools slowly.
    this.bufferTop = approach(
      this.bufferTop,
      supply === null ? 20 : supply - 2,
      seconds,
      supply === null ? 20_000 : 600,
    )
    let load = 0
    for (const circuit of this.circuits) {
      circuit.pump = outdoor < SUMMER_CUTOFF
      const wanted = Math.min(curveFlow(circuit.curve, outdoor), this.bufferTop)
      const span = this.bufferTop - circuit.room
      circuit.valve =
        circuit.pump && span > 0.5 ? Math.min(100, Math.max(0, ((wanted - circuit.room) / span) * 100)) : 0
      circuit.flow = approach(circuit.flow, circuit.pump ? wanted : circuit.room, seconds, 120)
      // The room gains from the flow and loses to the outdoors (about ten hours' time constant).
      const gain = circuit.pump ? circuit.gain * (circuit.flow - circuit.room) : 0
      const loss = circuit.room - outdoor
      const drift = (gain - loss) / 36_000
      circuit.room = circuit.room + drift * seconds
      load += circuit.valve / 100
    }
    const share = this.circuits.length > 0 ? load / this.circuits.length : 0
    // The circuits draw cool return water into the bottom; idle, the tank evens out.
    this.bufferBottom = approach(this.bufferBottom, this.bufferTop - 14 * share, seconds, 900)
  }

  /** The telemetry members of the installation (ADR 063). */
  readings() {
    return {
      circuits: this.circuits.map((circuit) => ({
        n: circuit.n,
        flow_temp: round1(circuit.flow),
        ...(circuit.roomSensor ? { room_temp: round1(circuit.room) } : {}),
        valve_pos: Math.round(circuit.valve),
        pump_on: circuit.pump,
      })),
      buffer_top: round1(this.bufferTop),
      buffer_bottom: round1(this.bufferBottom),
    }
  }
}
