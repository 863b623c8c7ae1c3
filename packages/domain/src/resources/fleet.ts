import { z } from 'zod'
import { ITEM_ACCESS } from '../access-levels'
import { msg } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import { ITEM_STATUSES } from '../item-status'
import type { Language } from '../languages'
import { MAINTENANCE_TASKS } from '../schemas/maintenance'
import { SYNC_STATUSES } from '../sync-status'
import { listDocumentSchema, resourceSchema, wireDate } from './document'

/**
 * What a device in the installer's fleet needs, most urgent first: an alarm is active, the controller refused
 * settings, it went silent, settings wait for it, it was never paired; `ok`, then `archived` last.
 */
export const FLEET_ATTENTION = [
  'alarm',
  'refused',
  'offline',
  'settings-pending',
  'unpaired',
  'ok',
  'archived',
] as const
export type FleetAttention = (typeof FLEET_ATTENTION)[number]

/** The fleet's orders: what needs attention first, or the maintenance falling due first (ADR 059). */
export const FLEET_SORTS = ['attention', 'maintenance'] as const
export type FleetSort = (typeof FLEET_SORTS)[number]

export function fleetAttentionLabel(attention: FleetAttention, language: Language = 'uk'): string {
  const key = attention === 'settings-pending' ? 'settingsPending' : attention
  return translateMessage(msg(`labels.fleetAttention.${key}`), language)
}

/** GET /fleet: every device the installer (or admin) has access to, with its live state. */
export const fleetDeviceResourceSchema = resourceSchema('fleet-devices', {
  name: z.string(),
  serial_number: z.string(),
  owner: z.string(),
  status: z.enum(ITEM_STATUSES),
  attention: z.enum(FLEET_ATTENTION),
  online: z.boolean(),
  sync_status: z.enum(SYNC_STATUSES),
  sync_reason: z.string().nullable(),
  last_seen_at: wireDate.nullable(),
  access: z.enum(ITEM_ACCESS),
  /** Controller errors not archived yet. */
  open_errors: z.number().int().nonnegative(),
  /** Alarms not cleared yet (acknowledged or not); a device with any ranks first. */
  active_alarms: z.number().int().nonnegative(),
  /** When its first maintenance task falls due (past: overdue), as last estimated; null: unknown (ADR 059). */
  maintenance_due_at: wireDate.nullable(),
  /** That task; null with it. */
  maintenance_task: z.enum(MAINTENANCE_TASKS).nullable(),
})
export const fleetListDocumentSchema = listDocumentSchema(fleetDeviceResourceSchema)
export type FleetDeviceResource = z.infer<typeof fleetDeviceResourceSchema>
