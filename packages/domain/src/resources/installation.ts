import { z } from 'zod'
import { CIRCUIT_KINDS } from '../installation/installation'
import { documentSchema, resourceSchema, wireDate } from './document'

// The heating installation of one device as its controller announced it (docs/api.md "Installation", ADR 063).

export const HEATING_INSTALLATION_TYPE = 'heating-installations'

export const heatingCircuitSchema = z.object({
  n: z.number().int(),
  kind: z.enum(CIRCUIT_KINDS),
  /** The installer's name on the controller; null: none given. */
  name: z.string().nullable(),
  flow_sensor: z.boolean(),
  room_sensor: z.boolean(),
  mixing_valve: z.boolean(),
  pump: z.boolean(),
})

const nullableNumber = z.number().nullable()

/** One circuit's newest readings; null where the circuit has no such sensor or it is faulty. */
export const circuitReadingsSchema = z.object({
  n: z.number().int(),
  flow_temp: nullableNumber,
  room_temp: nullableNumber,
  valve_pos: nullableNumber,
  pump_on: z.boolean().nullable(),
})

/** The newest telemetry's installation readings and its time; null until a reading carried them. */
export const installationReadingsSchema = z.object({
  at: wireDate,
  circuits: z.array(circuitReadingsSchema),
  buffer_top: nullableNumber,
  buffer_bottom: nullableNumber,
})

export const heatingInstallationResourceSchema = resourceSchema(HEATING_INSTALLATION_TYPE, {
  circuits: z.array(heatingCircuitSchema),
  outdoor_sensor: z.boolean(),
  buffer_tank: z.object({ top_sensor: z.boolean(), bottom_sensor: z.boolean() }).nullable(),
  hot_water: z.object({ boost: z.boolean(), legionella: z.boolean() }).nullable(),
  /** The ranges the controller takes, by setting name (only those it narrows). */
  settings: z.record(z.string(), z.object({ min: z.number(), max: z.number() })),
  /** When the controller says it sent this, and when the server received it. */
  announced_at: wireDate,
  received_at: wireDate,
  readings: installationReadingsSchema.nullable(),
})
export type HeatingInstallationResource = z.infer<typeof heatingInstallationResourceSchema>

/** null: the controller never announced an installation (the single-boiler model applies). */
export const heatingInstallationDocumentSchema = documentSchema(heatingInstallationResourceSchema.nullable())
export type HeatingInstallationDocument = z.infer<typeof heatingInstallationDocumentSchema>
