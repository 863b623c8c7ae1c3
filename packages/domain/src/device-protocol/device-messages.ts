import { z } from 'zod'
import { MAX_CIRCUITS } from '../installation/installation'
import { ERROR_CODES } from '../item-errors'
import { LIMITS } from '../limits'
import { WORK_MODE_MAX, WORK_MODE_MIN } from '../work-modes'
import { DEVICE_LINK } from './link-limits'
import { schedulePeriodSchema } from './schedule-messages'
import { firmwareVersion, isoTimestamp, percent, reading, settingsVersion, wireId } from './wire-fields'

/** An outdoor sensor's span in °C. */
export const OUTDOOR_TEMP_RANGE = { min: -50, max: 60 } as const
/** Highest burner hours counter a controller may report (over a century of burning). */
export const MAX_BURNER_HOURS = 1_000_000

/** Physical sensor spans (wider than the setting limits: an alarm reads above them). */
const waterReading = reading(-40, 150)
const gasReading = reading(-40, 1200)

/** A room sensor's span in °C. */
export const ROOM_TEMP_RANGE = { min: -40, max: 60 } as const

/**
 * One heating circuit's readings in telemetry (optional, added within v1 with the installation, ADR 063): each
 * member only where the circuit has it (capabilities says which sensors it has); null: that sensor is faulty.
 */
export const circuitReadingSchema = z.object({
  n: z.number().int().min(1).max(MAX_CIRCUITS),
  flow_temp: waterReading.optional(),
  room_temp: reading(ROOM_TEMP_RANGE.min, ROOM_TEMP_RANGE.max).optional(),
  /** The mixing valve's opening, 0 closed (all return) … 100 open (all boiler water). */
  valve_pos: percent.optional(),
  pump_on: z.boolean().optional(),
})

export type CircuitReading = z.infer<typeof circuitReadingSchema>

/**
 * telemetry (device → server): one snapshot. `boot_id` + `seq` order messages of one boot; `ts` is strictly
 * increasing per device, so the server can drop duplicates and stale messages by `ts` alone.
 */
export const telemetryMessageSchema = z.object({
  boot_id: wireId,
  /** +1 per telemetry message within a boot; at most 2³¹−1 (stored as a 32-bit integer). */
  seq: z.number().int().nonnegative().max(DEVICE_LINK.maxVersion),
  ts: isoTimestamp,
  heater_temp: waterReading,
  boiler_temp: waterReading,
  gas_temp: gasReading,
  /** Current burner output in kW (same unit as burner_power_set); 0 when the burner is off. */
  burner_power: z.number().finite().min(0).max(LIMITS.burnerPower.max),
  flame_brightness: percent,
  work_mode: z.number().int().min(WORK_MODE_MIN).max(WORK_MODE_MAX),
  pump_mode: z.number().int().min(1).max(4),
  burner_on: z.boolean(),
  /**
   * Version of the settings in effect (0: factory settings, nothing received yet). Lower than the version the
   * server last saw applied (a factory reset, a lost flash write): the server sends the desired set again.
   */
  settings_version: settingsVersion,
  /** The weekly schedule's period in effect (ADR 026); null or absent: no schedule is being followed. */
  schedule_period: schedulePeriodSchema.nullable().optional(),
  /** The firmware running now (optional, added in v1: older controllers leave it out). */
  firmware_version: firmwareVersion.optional(),
  /**
   * The controller's errors in force now (optional, added in v1): an error not in the list has ended, and its
   * alarm clears. Absent: the controller does not say (older firmware), and the server's hold-time rule applies.
   */
  active_errors: z.array(z.enum(ERROR_CODES)).max(ERROR_CODES.length).optional(),
  /**
   * Outdoor temperature in °C where the controller has an outdoor sensor (optional, added in v1); null: the
   * sensor is faulty. The heating season's degree-days are computed from it.
   */
  outdoor_temp: reading(OUTDOOR_TEMP_RANGE.min, OUTDOOR_TEMP_RANGE.max).optional(),
  /**
   * The controller's own burner hours since commissioning, a monotonic counter (optional, added in v1): where
   * reported, Teplo's counters take it instead of deriving the hours from `burner_on`.
   */
  burner_hours: z.number().finite().min(0).max(MAX_BURNER_HOURS).optional(),
  /** The controller's own count of ignitions since commissioning, monotonic (optional, added in v1). */
  ignitions: z.number().int().min(0).max(DEVICE_LINK.maxVersion).optional(),
  /**
   * The heating circuits' readings (optional, added within v1, ADR 063): a controller that announced circuits on
   * `capabilities` reports each of them here, each number once.
   */
  circuits: z
    .array(circuitReadingSchema)
    .max(MAX_CIRCUITS)
    .refine((circuits) => new Set(circuits.map((c) => c.n)).size === circuits.length, {
      error: 'circuit numbers repeat',
    })
    .optional(),
  /** The buffer tank's top and bottom temperatures where it has those sensors (optional, added within v1). */
  buffer_top: waterReading.optional(),
  buffer_bottom: waterReading.optional(),
})

export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>

export const errorCodeSchema = z.enum(ERROR_CODES)

/** events/error (device → server, QoS 1): one controller error with the readings at that moment. */
export const errorEventMessageSchema = z.object({
  /** Unique per device; a redelivered event carries the same id and is stored once. */
  event_id: wireId,
  code: errorCodeSchema,
  ts: isoTimestamp,
  /** 0 off, 1 boiler circuit, 2 hot-water tank, 3 both (ERROR_MODE_STATUS_LABELS). */
  mode_status: z.number().int().min(0).max(3),
  heater_temp: waterReading,
  boiler_temp: waterReading,
  gas_temp: gasReading,
  /** Burner output in percent of burner_power_set at that moment (the errors screen shows %). */
  burner_power: percent.nullable(),
  work_mode: z.number().int().min(WORK_MODE_MIN).max(WORK_MODE_MAX).optional(),
})

export type ErrorEventMessage = z.infer<typeof errorEventMessageSchema>

/** status (device → server, retained): 'online' on connect, 'offline' as the last will or on a clean stop. */
export const statusMessageSchema = z.object({
  state: z.enum(['online', 'offline']),
  ts: isoTimestamp,
  boot_id: wireId.optional(),
  /** The firmware running now (optional, as in telemetry). */
  firmware_version: firmwareVersion.optional(),
})

export type StatusMessage = z.infer<typeof statusMessageSchema>
