import { z } from 'zod'
import {
  absoluteRange,
  CIRCUIT_KINDS,
  MAX_CIRCUITS,
  RANGED_SETTING_NAMES,
} from '../installation/installation'
import { isoTimestamp } from './wire-fields'

// capabilities (device → server, retained, QoS 1; added within protocol v1, ADR 063): the heating installation a
// controller drives. Sent after `status: online` on every connection and again when the installer changes the
// installation. A controller that never sends one keeps the single-boiler model; members a newer controller adds
// are ignored by this revision (unknown members are dropped, not refused).

const circuitSchema = z.object({
  /** The circuit's number on the controller, 1…MAX_CIRCUITS; circuit settings and readings refer to it. */
  n: z.number().int().min(1).max(MAX_CIRCUITS),
  kind: z.enum(CIRCUIT_KINDS),
  /** The installer's name for it on the controller («Радіатори», «Тепла підлога»), if any. */
  name: z.string().trim().min(1).max(40).optional(),
  /** A flow temperature sensor and a room sensor (a room thermostat or panel). */
  flow_sensor: z.boolean(),
  room_sensor: z.boolean(),
  /** A mixing valve (a circuit without one runs at the boiler's temperature) and a circuit pump. */
  mixing_valve: z.boolean(),
  pump: z.boolean(),
})

export type InstallationCircuit = z.infer<typeof circuitSchema>

const rangeSchema = z
  .object({ min: z.number().finite(), max: z.number().finite() })
  .refine((range) => range.min <= range.max, { error: 'min is above max' })

/** The ranges a controller takes, by setting name; each inside the setting's absolute limits. */
const settingRangesSchema = z.record(z.string(), rangeSchema).superRefine((ranges, context) => {
  for (const [name, range] of Object.entries(ranges)) {
    const limits = absoluteRange(name)
    if (!limits) {
      context.addIssue({ code: 'custom', path: [name], message: `unknown setting ${name}` })
    } else if (range.min < limits.min || range.max > limits.max) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `outside the absolute limits ${limits.min}…${limits.max}`,
      })
    }
  }
  if (Object.keys(ranges).length > RANGED_SETTING_NAMES.length) {
    context.addIssue({ code: 'custom', message: 'too many settings' })
  }
})

export const capabilitiesMessageSchema = z.object({
  ts: isoTimestamp,
  /** The heating circuits, each number once (none: the boiler heats one circuit directly, as before). */
  circuits: z
    .array(circuitSchema)
    .max(MAX_CIRCUITS)
    .refine((circuits) => new Set(circuits.map((c) => c.n)).size === circuits.length, {
      error: 'circuit numbers repeat',
    }),
  /** An outdoor temperature sensor (weather compensation; telemetry's `outdoor_temp`). */
  outdoor_sensor: z.boolean(),
  /** A buffer tank and which of its sensors exist; null: none. */
  buffer_tank: z.object({ top_sensor: z.boolean(), bottom_sensor: z.boolean() }).nullable(),
  /** A hot-water tank and what the controller does with it; null: no hot water. */
  hot_water: z.object({ boost: z.boolean(), legionella: z.boolean() }).nullable(),
  /** Ranges of the settings it takes where narrower than the absolute limits (boiler and installation settings). */
  settings: settingRangesSchema,
})

export type CapabilitiesMessage = z.infer<typeof capabilitiesMessageSchema>
