import {
  ITEM_SETTINGS,
  type ItemManageChanges,
  type ItemPatch,
  msg,
  type SettingsValues,
  serialNumberSchema,
  settingEntries,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { forbidden, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { type AuditEntry, recordAudit } from '../audit/item-audit.ts'
import { recordItemChanges } from '../history/item-changes.ts'
import { users } from '../users/users.tables.ts'
import {
  type AccessibleItem,
  accessOf,
  type Caller,
  can,
  ITEM_NOT_FOUND,
  type ItemAbility,
  shareLevel,
} from './item-access.ts'
import type { ItemRow } from './item-document.ts'
import { announceHandover } from './item-handover.service.ts'
import { moveOwnership } from './item-ownership.ts'
import { assertCategoryExists } from './items.service.ts'
import { items } from './items.tables.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type ItemChanges = PgUpdateSetSource<typeof items>

export const MESSAGES = {
  pending: msg('server.items.update.notVerified'),
  archived: msg('server.items.update.archived'),
  archivedToggle: msg('server.items.update.archivedSwitch'),
  serialImmutable: msg('server.items.update.serialFixed'),
  connectingByHand: msg('server.items.update.connectionByDevice'),
  reprovision: msg('server.items.update.verifyAgain'),
  transferAdminOnly: msg('server.items.update.adminHandsOver'),
  userMissing: msg('server.users.notFound'),
} as const

type ManageValues = ItemManageChanges
type SettingsChanges = Partial<SettingsValues>

// The stored value of a setting, read through the column the registry names.
const storedSetting = (item: ItemRow, name: keyof SettingsValues) =>
  item[ITEM_SETTINGS[name].column as keyof ItemRow] as SettingsValues[typeof name]

// Every accepted dashboard change is a new desired state the device has yet to confirm.
const desiredStateChanged = () => ({
  settingsVersion: sql`${items.settingsVersion} + 1`,
  syncStatus: 'pending' as const,
  syncError: null,
})

function settingsChanges(item: ItemRow, values: SettingsChanges): ItemChanges {
  const firstField = Object.keys(values)[0] ?? 'status'
  if (item.status === 'pending') throw invalidField(firstField, MESSAGES.pending)
  if (item.status === 'archive') throw invalidField(firstField, MESSAGES.archived)
  // One bound alone is still checked against the other, stored bound.
  for (const [name, setting] of settingEntries()) {
    if (setting.kind !== 'number' || !setting.atMost) continue
    const upper = setting.atMost.setting as keyof SettingsValues
    if (values[name] === undefined && values[upper] === undefined) continue
    const low = (values[name] ?? storedSetting(item, name)) as number
    const high = (values[upper] ?? storedSetting(item, upper)) as number
    if (low > high) throw invalidField(values[name] === undefined ? upper : name, setting.atMost.message)
  }
  const changes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(values)) {
    changes[ITEM_SETTINGS[field as keyof SettingsValues].column] = value
  }
  return { ...changes, ...desiredStateChanged() }
}

// The wish is kept in power_set; status follows it at once only while the device is reachable.
function toggleChanges(item: ItemRow, status: 'on' | 'off'): ItemChanges {
  if (item.status === 'archive') throw invalidField('status', MESSAGES.archivedToggle)
  if (item.status === 'pending') throw invalidField('status', MESSAGES.pending)
  const reachable = item.status === 'on' || item.status === 'off'
  return { powerSet: status, ...(reachable ? { status } : {}), ...desiredStateChanged() }
}

function statusChanges(item: ItemRow, status: NonNullable<ManageValues['status']>): ItemChanges {
  if (status === item.status) return {}
  if (status === 'archive') return { status }
  // Leaving the archive returns to what the server can vouch for: unverified, or waiting for the device.
  if (item.status === 'archive') return { status: item.deviceSecretHash ? 'connecting' : 'pending' }
  if (status === 'pending') throw invalidField('status', MESSAGES.reprovision)
  if (status === 'connecting') throw invalidField('status', MESSAGES.connectingByHand)
  return toggleChanges(item, status)
}

async function manageChanges(tx: Transaction, caller: Caller, item: ItemRow, values: ManageValues) {
  const changes: ItemChanges = {}
  if (values.name !== undefined) changes.name = values.name
  if (values.owner !== undefined) changes.owner = values.owner
  if (values.description !== undefined) {
    changes.description = values.description
    changes.excerpt = values.description
  }
  if (values.is_on_homepage !== undefined) changes.isOnHomepage = values.is_on_homepage
  if (values.category_id !== undefined)
    changes.categoryId = await assertCategoryExists(tx, values.category_id)
  if (values.user_id !== undefined && values.user_id !== item.userId) {
    if (caller.role !== 'admin') throw forbidden(MESSAGES.transferAdminOnly)
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, values.user_id))
    if (!user) throw invalidField('user_id', MESSAGES.userMissing)
    changes.userId = user.id
    // The owner's name follows the account unless the same request names it.
    if (values.owner === undefined) changes.owner = user.name
  }
  if (values.status !== undefined) Object.assign(changes, statusChanges(item, values.status))
  return changes
}

// A client may send the serial number back as it read it; it cannot change it.
function assertSerialUnchanged(item: ItemRow, sent: unknown): void {
  if (sent === undefined) return
  const parsed = serialNumberSchema.safeParse(sent)
  if (!parsed.success || parsed.data !== item.serialNumber)
    throw invalidField('serial_number', MESSAGES.serialImmutable)
}

function assertMay(caller: Caller, { access }: Pick<AccessibleItem, 'access'>, ability: ItemAbility) {
  if (!can(caller, access, ability)) throw forbidden()
}

async function changesFor(tx: Transaction, caller: Caller, current: AccessibleItem, patch: ItemPatch) {
  const { item } = current
  // Dashboard settings and the switch belong to whoever operates the device (owner, installer, operator).
  if (patch.kind === 'settings') {
    assertMay(caller, current, 'operate')
    return settingsChanges(item, patch.values)
  }
  if (patch.kind === 'toggle') {
    // Switching an archived device on is un-archiving it, which is the device administrator's call.
    const unarchive = item.status === 'archive' && can(caller, current.access, 'administer')
    if (unarchive) return statusChanges(item, patch.status)
    assertMay(caller, current, 'operate')
    return toggleChanges(item, patch.status)
  }
  assertMay(caller, current, 'register')
  const leavesOrEntersArchive =
    patch.values.status !== undefined && (patch.values.status === 'archive') !== (item.status === 'archive')
  if (leavesOrEntersArchive) assertMay(caller, current, 'administer')
  return manageChanges(tx, caller, item, patch.values)
}

type Wire = string | number | boolean | null
const REGISTRATION_FIELDS = [
  ['name', 'name'],
  ['owner', 'owner'],
  ['description', 'description'],
  ['categoryId', 'category_id'],
  ['isOnHomepage', 'is_on_homepage'],
  ['userId', 'user_id'],
] as const satisfies readonly (readonly [keyof ItemRow, string])[]

/** The change log's entries for one accepted change (ADR 018), written in its transaction. */
function auditEntries(caller: Caller, before: ItemRow, after: ItemRow, patch: ItemPatch): AuditEntry[] {
  const base = { itemId: after.id, actorId: caller.userId }
  const entries: AuditEntry[] = []
  const version = after.settingsVersion !== before.settingsVersion ? after.settingsVersion : undefined
  if (patch.kind === 'settings') {
    // A dialog sends its whole group: only what differs from the stored value is a change.
    const changes = Object.fromEntries(
      Object.entries(patch.values)
        .map(
          ([name, to]) =>
            [
              name,
              { from: storedSetting(before, name as keyof SettingsValues) as Wire, to: to as Wire },
            ] as const,
        )
        .filter(([, change]) => change.from !== change.to),
    )
    if (Object.keys(changes).length > 0)
      entries.push({ ...base, action: 'settings', changes, settingsVersion: version })
  }
  const archived = (row: ItemRow) => row.status === 'archive'
  if (archived(before) !== archived(after)) {
    entries.push({
      ...base,
      action: archived(after) ? 'archive' : 'unarchive',
      changes: { status: { from: before.status, to: after.status } },
    })
  }
  if (before.powerSet !== after.powerSet) {
    entries.push({
      ...base,
      action: 'power',
      changes: { power: { from: before.powerSet, to: after.powerSet } },
      settingsVersion: version,
    })
  }
  const edited = REGISTRATION_FIELDS.filter(([column]) => before[column] !== after[column])
  if (edited.length > 0) {
    entries.push({
      ...base,
      action: before.userId !== after.userId ? 'handover' : 'edit',
      changes: Object.fromEntries(
        edited.map(([column, wire]) => [wire, { from: before[column] as Wire, to: after[column] as Wire }]),
      ),
    })
  }
  return entries
}

export async function updateItem(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  id: number,
  patch: ItemPatch,
): Promise<AccessibleItem> {
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(items).where(eq(items.id, id)).for('update')
    const share = current ? await shareLevel(tx, id, caller.userId) : null
    const access = current ? accessOf(caller, current, share) : null
    if (!current || access === null) throw notFound(ITEM_NOT_FOUND)
    assertSerialUnchanged(current, patch.serialNumber)
    const changes = await changesFor(tx, caller, { item: current, access }, patch)
    if (Object.keys(changes).length === 0)
      return {
        item: current,
        access,
        changed: false,
        desiredChanged: false,
        archiveChanged: false,
        removed: null,
      }
    const [updated] = await tx
      .update(items)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(items.id, id))
      .returning()
    if (!updated) throw notFound(ITEM_NOT_FOUND)
    await recordItemChanges(tx, current, updated, id)
    for (const entry of auditEntries(caller, current, updated, patch)) await recordAudit(tx, entry)
    // An administrator handing the device to another account ends the previous household's access (ADR 033).
    const removed =
      current.userId === updated.userId ? [] : await moveOwnership(tx, current, updated.userId, caller.userId)
    const archiveChanged = (current.status === 'archive') !== (updated.status === 'archive')
    // An administrator handing the device to another account: the caller's level follows from the new holder.
    const after = accessOf(caller, updated, share) ?? access
    return {
      item: updated,
      access: after,
      changed: true,
      desiredChanged: 'settingsVersion' in changes,
      archiveChanged,
      removed: current.userId === updated.userId ? null : removed,
    }
  })
  // Announced only after the commit, so listeners read the new state.
  if (result.archiveChanged) {
    const { serialNumber, status } = result.item
    events.emit('item.archive-changed', { itemId: id, serialNumber, archived: status === 'archive' })
  }
  if (result.desiredChanged) events.emit('item.settings-changed', { itemId: id })
  if (result.removed) announceHandover(events, { item: result.item, removed: result.removed })
  else if (result.changed) events.emit('item.updated', { itemId: id })
  return { item: result.item, access: result.access }
}
