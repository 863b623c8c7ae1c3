import {
  compareFirmwareVersions,
  type FirmwareDeviceResource,
  type FirmwareUpdateState,
  type ItemStatus,
  type Language,
  translateMessage,
} from '@teplo/domain'
import { asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { type Caller, sharedWith } from '../items/item-access.ts'
import { items } from '../items/items.tables.ts'
import { firmwareImages, firmwareRolloutDevices, firmwareRollouts } from './firmware.tables.ts'

// Administrators see the whole fleet; everybody else the devices they own or that are shared with them.
function scope(caller: Caller): SQL | undefined {
  if (caller.role === 'admin') return undefined
  return or(eq(items.userId, caller.userId), sharedWith(caller.userId))
}

/** The newest image version of each device type. */
async function latestVersions(db: Database): Promise<Map<number, string>> {
  const rows = await db
    .select({ categoryId: firmwareImages.categoryId, version: firmwareImages.version })
    .from(firmwareImages)
  const latest = new Map<number, string>()
  for (const row of rows) {
    const current = latest.get(row.categoryId)
    if (!current || compareFirmwareVersions(row.version, current) > 0) latest.set(row.categoryId, row.version)
  }
  return latest
}

/** Each device's most recent update (the newest rollout it was part of). */
async function lastUpdates(db: Database, itemIds: number[], language: Language) {
  const last = new Map<number, NonNullable<FirmwareDeviceResource['attributes']['update']>>()
  if (itemIds.length === 0) return last
  const rows = await db
    .select({
      itemId: firmwareRolloutDevices.itemId,
      rolloutId: firmwareRollouts.id,
      version: firmwareRollouts.version,
      state: firmwareRolloutDevices.state,
      progress: firmwareRolloutDevices.progress,
      reason: firmwareRolloutDevices.reason,
      updatedAt: firmwareRolloutDevices.updatedAt,
    })
    .from(firmwareRolloutDevices)
    .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareRolloutDevices.rolloutId))
    .where(inArray(firmwareRolloutDevices.itemId, itemIds))
    .orderBy(desc(firmwareRollouts.createdAt), desc(firmwareRollouts.id))
  for (const row of rows) {
    if (last.has(row.itemId)) continue
    last.set(row.itemId, {
      rollout_id: String(row.rolloutId),
      version: row.version,
      state: row.state as FirmwareUpdateState,
      progress: row.progress,
      reason: row.reason === null ? null : translateMessage(row.reason, language),
      updated_at: formatDate(row.updatedAt),
    })
  }
  return last
}

/**
 * The firmware of every device the caller may see: what it runs, the newest image for its type, whether it is
 * up to date, and its last update. The fleet's versions for administrators; their own boilers for owners.
 */
export async function listFirmwareDevices(db: Database, caller: Caller, language: Language) {
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      serial: items.serialNumber,
      status: items.status,
      categoryId: items.categoryId,
      firmwareVersion: items.firmwareVersion,
    })
    .from(items)
    .where(scope(caller))
    .orderBy(asc(items.name), asc(items.id))
  const [latest, updates] = await Promise.all([
    latestVersions(db),
    lastUpdates(
      db,
      rows.map((row) => row.id),
      language,
    ),
  ])
  const data = rows.map((row): FirmwareDeviceResource => {
    const newest = latest.get(row.categoryId) ?? null
    return typedResource(
      'firmware-devices',
      row.id,
      {
        name: row.name,
        serial_number: row.serial,
        status: row.status as ItemStatus,
        firmware_version: row.firmwareVersion,
        latest_version: newest,
        up_to_date:
          newest && row.firmwareVersion ? compareFirmwareVersions(row.firmwareVersion, newest) >= 0 : null,
        update: updates.get(row.id) ?? null,
      },
      { category: { data: { type: 'categories' as const, id: String(row.categoryId) } } },
    )
  })
  return { data }
}
