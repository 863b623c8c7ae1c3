import { z } from 'zod'
import { msg } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import { ITEM_STATUSES } from '../item-status'
import type { Language } from '../languages'
import { documentSchema, listDocumentSchema, resourceSchema, toOneSchema, wireDate } from './document'

/** A firmware image of one device type (GET /firmware, administrators). */
export const firmwareImageResourceSchema = resourceSchema('firmware', {
  version: z.string(),
  notes: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** Hex SHA-256 of the file: what a controller checks after downloading it. */
  sha256: z.string(),
  created_at: wireDate,
  /** A running rollout sends this image: it cannot be deleted until the rollout ends. */
  in_use: z.boolean(),
}).extend({ relationships: z.object({ category: toOneSchema('categories') }) })

export const firmwareImageDocumentSchema = documentSchema(firmwareImageResourceSchema)
export const firmwareImageListDocumentSchema = documentSchema(z.array(firmwareImageResourceSchema))

export const FIRMWARE_UPDATE_STATES = [
  'waiting',
  'sent',
  'downloading',
  'installing',
  'succeeded',
  'failed',
] as const
export type FirmwareUpdateState = (typeof FIRMWARE_UPDATE_STATES)[number]

export function firmwareUpdateStateLabel(state: FirmwareUpdateState, language: Language = 'uk'): string {
  return translateMessage(msg(`labels.firmwareUpdate.${state}`), language)
}

export const FIRMWARE_ROLLOUT_STATUSES = ['running', 'completed', 'halted'] as const
export type FirmwareRolloutStatus = (typeof FIRMWARE_ROLLOUT_STATUSES)[number]

export function firmwareRolloutStatusLabel(status: FirmwareRolloutStatus, language: Language = 'uk'): string {
  return translateMessage(msg(`labels.firmwareRollout.${status}`), language)
}

/** One device of a rollout and how far it got. */
export const firmwareRolloutDeviceSchema = z.object({
  item_id: z.string(),
  name: z.string(),
  serial_number: z.string(),
  stage: z.number().int(),
  state: z.enum(FIRMWARE_UPDATE_STATES),
  /** Download progress in percent while downloading; null otherwise. */
  progress: z.number().int().nullable(),
  /** Why it failed, as the controller said. */
  reason: z.string().nullable(),
  from_version: z.string().nullable(),
  updated_at: wireDate,
})

/** A rollout (GET /firmware-rollouts, administrators): its devices with their state. */
export const firmwareRolloutResourceSchema = resourceSchema('firmware-rollouts', {
  version: z.string(),
  /** The image sent; null once the image has been deleted. */
  firmware_id: z.string().nullable(),
  status: z.enum(FIRMWARE_ROLLOUT_STATUSES),
  /** Percent of the devices in the first stage; null: every device at once. */
  stage_percent: z.number().int().nullable(),
  /** The stage under way (2 once the first finished without failures). */
  stage: z.number().int(),
  created_at: wireDate,
  finished_at: wireDate.nullable(),
  devices: z.array(firmwareRolloutDeviceSchema),
}).extend({ relationships: z.object({ category: toOneSchema('categories') }) })

export const firmwareRolloutDocumentSchema = documentSchema(firmwareRolloutResourceSchema)
export const firmwareRolloutListDocumentSchema = listDocumentSchema(firmwareRolloutResourceSchema)

/**
 * A device's firmware as the caller may see it (GET /firmware-devices: every device for administrators, their
 * own and shared ones for everybody else).
 */
export const firmwareDeviceResourceSchema = resourceSchema('firmware-devices', {
  name: z.string(),
  serial_number: z.string(),
  status: z.enum(ITEM_STATUSES),
  /** What the controller last reported running; null until it has. */
  firmware_version: z.string().nullable(),
  /** The newest image uploaded for its type; null when there is none. */
  latest_version: z.string().nullable(),
  /** Whether it runs the newest image (or newer); null when either version is unknown. */
  up_to_date: z.boolean().nullable(),
  /** Its update under way or the last one's outcome; null when it has never been in a rollout. */
  update: z
    .object({
      rollout_id: z.string(),
      version: z.string(),
      state: z.enum(FIRMWARE_UPDATE_STATES),
      progress: z.number().int().nullable(),
      reason: z.string().nullable(),
      updated_at: wireDate,
    })
    .nullable(),
}).extend({ relationships: z.object({ category: toOneSchema('categories') }) })

export const firmwareDeviceListDocumentSchema = documentSchema(z.array(firmwareDeviceResourceSchema))

export type FirmwareImageResource = z.infer<typeof firmwareImageResourceSchema>
export type FirmwareRolloutResource = z.infer<typeof firmwareRolloutResourceSchema>
export type FirmwareRolloutDevice = z.infer<typeof firmwareRolloutDeviceSchema>
export type FirmwareDeviceResource = z.infer<typeof firmwareDeviceResourceSchema>
