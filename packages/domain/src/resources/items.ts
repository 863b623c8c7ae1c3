import { z } from 'zod'
import { ITEM_ACCESS } from '../access-levels'
import { ITEM_STATUSES } from '../item-status'
import { ITEM_SETTINGS, type SettingName, type SettingValue } from '../settings/registry'
import { SYNC_STATUSES } from '../sync-status'
import { categoryResourceSchema } from './catalogue'
import {
  documentSchema,
  listDocumentSchema,
  resourceSchema,
  timestampsShape,
  toOneSchema,
  wireDate,
  withIncluded,
} from './document'
import { activePeriodSchema } from './schedule'
import { losingAccessSchema } from './sharing'

type SettingsShape = { [Name in SettingName]: z.ZodType<SettingValue<Name>> }

// Every setting of the registry is an attribute: the owner's desired value, as stored.
const settingsShape = Object.fromEntries(
  Object.entries(ITEM_SETTINGS).map(([name, setting]) => [
    name,
    setting.kind === 'boolean' ? z.boolean() : z.number(),
  ]),
) as unknown as SettingsShape

/**
 * The settings in effect as the controller last reported them (its ack's `applied`), beside the desired ones
 * above; each may be missing from an older report. Derived from the registry like the desired ones.
 */
export const reportedSettingsSchema = z
  .object({
    power: z.enum(['on', 'off']),
    ...(settingsShape as unknown as Record<string, z.ZodType>),
  })
  .partial() as unknown as z.ZodType<
  Partial<{ power: 'on' | 'off' } & { [Name in SettingName]: SettingValue<Name> }>
>

/** The health of the device link, for those who manage the device (null for others). */
export const deviceLinkHealthSchema = z.object({
  /** Messages of this device the server dropped (invalid, too large, queue full …) since it was registered. */
  dropped_messages: z.number().int().nonnegative(),
  last_drop_reason: z.string().nullable(),
  last_drop_at: wireDate.nullable(),
  /** Last time a reading or event carried an untrusted clock and was stored at the server's receive time. */
  clock_corrected_at: wireDate.nullable(),
  /**
   * Two controllers use this device's identity (credentials): they keep taking its broker session from each
   * other. Null when not (ADR 037): takeovers counted within the last hour, and the last one.
   */
  identity_conflict: z
    .object({ takeovers: z.number().int().positive(), last_takeover_at: wireDate })
    .nullable(),
})

/** What the controller last reported; null until it has. */
const readingsShape = {
  heater_temp: z.number().nullable(),
  boiler_temp: z.number().nullable(),
  gas_temp: z.number().nullable(),
  burner_power: z.number().nullable(),
  flame_brightness: z.number().nullable(),
  work_mode: z.number().int().nullable(),
}

export const itemAttributesSchema = z.object({
  name: z.string(),
  owner: z.string(),
  serial_number: z.string(),
  description: z.string(),
  excerpt: z.string(),
  status: z.enum(ITEM_STATUSES),
  is_on_homepage: z.boolean(),
  /**
   * A demo boiler: the server's own simulator is its controller, so its readings and history are simulated
   * (ADR 053). Read-only; only a demo installation's seed sets it.
   */
  simulated: z.boolean(),
  /** The owner's on/off wish; differs from status while the device is unreachable or has not applied it. */
  power_set: z.enum(['on', 'off']),
  /** The pairing code, only while the device awaits confirmation and only to those who manage it. */
  verification_token: z.string().nullable(),
  sync_status: z.enum(SYNC_STATUSES),
  /** Why the controller refused the last settings, when sync_status is 'refused'. */
  sync_reason: z.string().nullable(),
  /** Version of the desired settings (0 until the device is verified); +1 per change. */
  settings_version: z.number().int().nonnegative(),
  /** Version the controller last reported in effect (ack or telemetry); 0: factory settings. */
  applied_version: z.number().int().nonnegative(),
  ...settingsShape,
  /** The settings in effect as last reported by the controller; null until it has answered once. */
  reported_settings: reportedSettingsSchema.nullable(),
  /**
   * The settings of the registry the controller leaves out of what it reports: it predates them (ADR 051), so a
   * change of one is not applied. Empty until it has answered once.
   */
  unsupported_settings: z.array(z.string()),
  reported_at: wireDate.nullable(),
  device_link: deviceLinkHealthSchema.nullable(),
  /** The firmware the controller last reported running; null until it has reported one. */
  firmware_version: z.string().nullable(),
  ...readingsShape,
  /** The weekly schedule's period the controller reports (ADR 026); null while it follows none. */
  schedule_period: activePeriodSchema.nullable(),
  image: z.string().nullable(),
  ...timestampsShape,
  /** When the controller last reported; null until it has connected once. */
  last_seen_at: wireDate.nullable(),
  /** The caller's access to this device (ADR 018): a level, or `admin`. */
  access: z.enum(ITEM_ACCESS),
})

export const itemResourceSchema = resourceSchema('items', itemAttributesSchema.shape).extend({
  relationships: z.object({
    category: toOneSchema('categories'),
    /** The account the device belongs to (its owner). */
    user: toOneSchema('users').optional(),
  }),
})
export const itemDocumentSchema = withIncluded(documentSchema(itemResourceSchema), categoryResourceSchema)
/** POST /items: the new device, with its pairing code for the installer. */
export const itemCreatedDocumentSchema = itemDocumentSchema.extend({
  meta: z.object({ verification_token: z.string() }),
})
export const itemListDocumentSchema = withIncluded(
  listDocumentSchema(itemResourceSchema),
  categoryResourceSchema,
)

/** One controller error event; the device block keeps the controller's names (kotla, boilera, palnika). */
export const itemErrorResourceSchema = resourceSchema('item-errors', {
  error_code: z.string(),
  error_time: wireDate,
  mode_status: z.number().int().nullable(),
  archived_at: wireDate.nullable(),
  /** When the controller said the error is over (telemetry `active_errors`); null: in force, or it does not say. */
  ended_at: wireDate.nullable(),
  device: z.object({
    name: z.string(),
    temperatures: z.object({
      kotla: z.number().nullable(),
      boilera: z.number().nullable(),
      gas: z.number().nullable(),
    }),
    power: z.object({ palnika: z.number().nullable() }),
  }),
})
  // No self link: the API has no route for a single error.
  .omit({ links: true })
  .extend({ relationships: z.object({ item: toOneSchema('items') }) })
export const itemErrorListDocumentSchema = listDocumentSchema(itemErrorResourceSchema)

/** POST /items/{id}/owner-code: the code a new owner types with the serial to take the device over. */
export const ownerCodeDocumentSchema = z.object({
  data: z.object({
    type: z.literal('owner-codes'),
    id: z.string(),
    attributes: z.object({
      /** Shown once; the server keeps only its digest. */
      code: z.string(),
      serial_number: z.string(),
      expires_at: wireDate,
    }),
  }),
})
export type OwnerCodeDocument = z.infer<typeof ownerCodeDocumentSchema>

/** POST /items/claim/preview: what a right serial and owner code would hand over, and who would lose access. */
export const claimPreviewDocumentSchema = z.object({
  data: z.object({
    type: z.literal('claim-previews'),
    id: z.string(),
    attributes: z.object({
      item_name: z.string(),
      serial_number: z.string(),
      losing_access: z.array(losingAccessSchema),
    }),
  }),
})
export type ClaimPreviewDocument = z.infer<typeof claimPreviewDocumentSchema>

/** GET /owners: accounts an installer may name as a device's owner. */
export const ownerResourceSchema = z.object({
  type: z.literal('owners'),
  id: z.string(),
  attributes: z.object({ name: z.string(), email: z.string() }),
})
export const ownerListDocumentSchema = z.object({ data: z.array(ownerResourceSchema) })
export type OwnerResource = z.infer<typeof ownerResourceSchema>
