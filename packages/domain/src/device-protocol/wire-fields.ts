import { z } from 'zod'
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
