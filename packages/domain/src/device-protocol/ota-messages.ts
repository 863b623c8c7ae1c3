import { z } from 'zod'
import { firmwareVersion, isoTimestamp, refusalReason } from './wire-fields'

/** Hex SHA-256 of a firmware image, lower case. */
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/)

/**
 * ota/desired (server → device, retained, QoS 1): the firmware the device should run and where to get it. The
 * URL carries a short-lived token bound to this device and this image; the device downloads it with HTTP Basic
 * authentication (user name = serial, password = its MQTT secret), checks `size` and `sha256`, and reports on
 * ota/status. A retained empty payload means "no update for you" and is ignored.
 */
export const otaDesiredMessageSchema = z.object({
  version: firmwareVersion,
  url: z
    .string()
    .max(2048)
    .regex(/^https?:\/\/\S+$/),
  sha256: sha256Hex,
  /** Bytes. */
  size: z.number().int().positive().max(2_147_483_647),
  ts: isoTimestamp,
})

export type OtaDesiredMessage = z.infer<typeof otaDesiredMessageSchema>

export const OTA_STATES = ['downloading', 'installing', 'succeeded', 'failed'] as const
export type OtaState = (typeof OTA_STATES)[number]

/**
 * ota/status (device → server, QoS 1): how the update to `version` goes. `progress` is the downloaded share in
 * percent while downloading; `reason` says why it failed (a failed update keeps the old firmware).
 */
export const otaStatusMessageSchema = z.object({
  version: firmwareVersion,
  state: z.enum(OTA_STATES),
  progress: z.number().int().min(0).max(100).optional(),
  /** Kept like a settings refusal's reason: control characters become spaces, cut to 500 characters. */
  reason: refusalReason,
  ts: isoTimestamp,
})

export type OtaStatusMessage = z.infer<typeof otaStatusMessageSchema>
