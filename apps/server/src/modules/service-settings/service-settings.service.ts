import {
  DEFAULT_SERVICE_SETTINGS,
  type ItemServiceSettingsAttributes,
  type itemServiceSettingsDocumentSchema,
  msg,
  SERVICE_SETTINGS_TYPE,
  type ServiceSettings,
  type ServiceSettingsPatch,
  serviceSettingEntries,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import { recordAudit } from '../audit/item-audit.ts'
import { type Caller, can, ITEM_NOT_FOUND, type ItemAccess, itemFor } from '../items/item-access.ts'
import type { ItemRow } from '../items/item-document.ts'
import { items } from '../items/items.tables.ts'

type ServiceSettingsDocument = z.infer<typeof itemServiceSettingsDocumentSchema>

export const SERVICE_MESSAGES = {
  pending: msg('server.serviceSettings.notVerified'),
  archived: msg('server.serviceSettings.archived'),
} as const

/** The desired service parameters of a device: the stored ones, the factory ones where none are stored. */
export function desiredServiceOf(item: Pick<ItemRow, 'serviceSettings'>): ServiceSettings {
  const stored = item.serviceSettings ?? {}
  return Object.fromEntries(
    serviceSettingEntries().map(([name]) => [
      name,
      typeof stored[name] === 'number' ? stored[name] : DEFAULT_SERVICE_SETTINGS[name],
    ]),
  ) as ServiceSettings
}

// Only the catalogue's names of a stored report, whatever else the controller sent.
function reportedService(stored: Record<string, unknown> | null) {
  if (!stored) return null
  return Object.fromEntries(
    serviceSettingEntries()
      .filter(([name]) => typeof stored[name] === 'number')
      .map(([name]) => [name, stored[name] as number]),
  )
}

function serviceDocument(item: ItemRow, caller: Caller, access: ItemAccess): ServiceSettingsDocument {
  const attributes: ItemServiceSettingsAttributes = {
    ...desiredServiceOf(item),
    custom: item.serviceSettings !== null,
    editable: can(caller, access, 'commission'),
    sync_status: item.syncStatus as ItemServiceSettingsAttributes['sync_status'],
    sync_reason: storedMessage(item.syncError, caller.language),
    settings_version: item.settingsVersion,
    applied_version: item.appliedVersion,
    reported_service_settings: reportedService(item.reportedServiceSettings),
    reported_at: formatDate(item.reportedAt),
  }
  return {
    data: {
      type: SERVICE_SETTINGS_TYPE,
      id: String(item.id),
      attributes,
      links: { self: `/api/v2/items/${item.id}/service-settings` },
    },
  }
}

/** Whoever sees the device reads its service parameters. */
export async function serviceSettingsDocument(db: Database, caller: Caller, itemId: number) {
  const { item, access } = await itemFor(db, caller, itemId, 'see')
  return serviceDocument(item, caller, access)
}

/**
 * Installers and administrators change the service parameters (ADR 025). A change is a new desired state: the
 * device's settings version grows, the item waits for the controller's acknowledgement (`pending`), and the
 * device link sends the full set beside the dashboard's settings. Values equal to the stored ones change nothing.
 */
export async function updateServiceSettings(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  itemId: number,
  patch: ServiceSettingsPatch,
): Promise<ServiceSettingsDocument> {
  const { access } = await itemFor(db, caller, itemId, 'commission')
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(items).where(eq(items.id, itemId)).for('update')
    if (!current) throw notFound(ITEM_NOT_FOUND)
    const firstField = Object.keys(patch)[0] ?? 'status'
    if (current.status === 'pending') throw invalidField(firstField, SERVICE_MESSAGES.pending)
    if (current.status === 'archive') throw invalidField(firstField, SERVICE_MESSAGES.archived)
    const before = desiredServiceOf(current)
    const next: ServiceSettings = { ...before, ...patch }
    const changed = serviceSettingEntries()
      .map(([name]) => name)
      .filter((name) => next[name] !== before[name])
    // The first change also sends the values left at the factory's: from then on the set is explicit.
    if (changed.length === 0 && current.serviceSettings !== null) return { item: current, changed: false }
    const [updated] = await tx
      .update(items)
      .set({
        serviceSettings: next,
        settingsVersion: sql`${items.settingsVersion} + 1`,
        syncStatus: 'pending',
        syncError: null,
        updatedAt: new Date(),
      })
      .where(eq(items.id, itemId))
      .returning()
    if (!updated) throw notFound(ITEM_NOT_FOUND)
    // The first change may only make the factory values explicit: nothing the log would show.
    if (changed.length > 0)
      await recordAudit(tx, {
        itemId,
        actorId: caller.userId,
        action: 'settings',
        changes: Object.fromEntries(changed.map((name) => [name, { from: before[name], to: next[name] }])),
        settingsVersion: updated.settingsVersion,
      })
    return { item: updated, changed: true }
  })
  // Announced after the commit: the device link sends the new desired state, browsers refresh the device.
  if (result.changed) {
    events.emit('item.settings-changed', { itemId })
    events.emit('item.updated', { itemId })
  }
  return serviceDocument(result.item, caller, access)
}
