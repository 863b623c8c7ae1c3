import { z } from 'zod'
import { hasControlCharacter } from '../schemas/fields'
import { DEVICE_LINK } from './link-limits'

/** ISO 8601 with milliseconds allowed and an explicit offset, e.g. 2025-01-31T10:00:00.000Z. */
export const isoTimestamp = z.iso.datetime({ offset: true })

/** Ids chosen by the device (boot id, event id): short, printable, no spaces. */
export const wireId = z
  .string()
  .min(1)
  .max(DEVICE_LINK.maxIdLength)
  .regex(/^[A-Za-z0-9._:-]+$/)

/** A sensor reading in °C; null when the sensor is faulty or missing (E7–E10). */
export function reading(min: number, max: number) {
  return z.number().finite().min(min).max(max).nullable()
}

export const percent = z.number().finite().min(0).max(100)

/** Longest firmware version text. */
export const MAX_FIRMWARE_VERSION_LENGTH = 32

/**
 * A firmware version as controllers report it and administrators upload it: numbers separated by dots
 * (1.4 or 1.4.2), optionally a label after a hyphen (1.5.0-rc1). Compared with compareFirmwareVersions.
 */
export const firmwareVersion = z
  .string()
  .max(MAX_FIRMWARE_VERSION_LENGTH)
  .regex(/^\d{1,6}(\.\d{1,6}){1,3}(-[0-9A-Za-z.]{1,16})?$/)

/** A settings version on the wire: a signed 32-bit integer, as the server stores it. */
export const settingsVersion = z.number().int().nonnegative().max(DEVICE_LINK.maxVersion)

// Control characters (the database refuses NUL; a screen cannot show the others) become spaces.
function withoutControls(text: string): string {
  return [...text].map((char) => (hasControlCharacter(char) ? ' ' : char)).join('')
}

/**
 * A refusal reason as the server keeps it: control characters become spaces, trimmed, cut to
 * DEVICE_LINK.maxReasonLength characters; blank or missing is undefined. Never a reason to drop the ack.
 */
export const refusalReason = z
  .unknown()
  .transform((value): string | undefined => {
    if (typeof value !== 'string') return undefined
    const text = withoutControls(value).trim()
    return text === '' ? undefined : text.slice(0, DEVICE_LINK.maxReasonLength)
  })
  .optional()
