import { z } from 'zod'
import type { ServiceSettingName } from '../service-settings/catalogue'
import { serviceSettingEntries } from '../service-settings/catalogue'
import { SYNC_STATUSES } from '../sync-status'
import { documentSchema, resourceSchema, wireDate } from './document'

export const SERVICE_SETTINGS_TYPE = 'item-service-settings'

const values = () =>
  Object.fromEntries(serviceSettingEntries().map(([name]) => [name, z.number()])) as Record<
    ServiceSettingName,
    z.ZodNumber
  >

/** What the controller last reported in effect (its ack's `applied_service`), by wire name. */
export const reportedServiceSettingsSchema = z.object(values()).partial()

/**
 * The controller's service parameters of one device (ADR 025): `GET /items/{id}/service-settings`; `PATCH` with
 * `{ data: { type: 'item-service-settings', id, attributes: serviceSettingsPatchSchema } }` answers it too.
 * The sync members are the device's (one settings version for the dashboard's settings and these).
 */
export const itemServiceSettingsResourceSchema = resourceSchema(SERVICE_SETTINGS_TYPE, {
  ...values(),
  /** false: nobody has set them; the controller runs on its factory values and none are sent to it. */
  custom: z.boolean(),
  /** Whether the caller may change them (installer, administrator). */
  editable: z.boolean(),
  sync_status: z.enum(SYNC_STATUSES),
  sync_reason: z.string().nullable(),
  settings_version: z.number().int().nonnegative(),
  applied_version: z.number().int().nonnegative(),
  /** The service parameters the controller last reported in effect; null until it has (or if it cannot). */
  reported_service_settings: reportedServiceSettingsSchema.nullable(),
  reported_at: wireDate.nullable(),
})
export type ItemServiceSettingsResource = z.infer<typeof itemServiceSettingsResourceSchema>
export type ItemServiceSettingsAttributes = ItemServiceSettingsResource['attributes']
export const itemServiceSettingsDocumentSchema = documentSchema(itemServiceSettingsResourceSchema)
