import {
  DEFAULT_WEEKLY_SCHEDULE,
  reducedHoursPerWeek,
  type ScheduleDocument,
  type SchedulePatch,
  sameSchedule,
  type WeeklySchedule,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { type AuditChanges, recordAudit } from '../audit/item-audit.ts'
import { type Caller, ITEM_NOT_FOUND, itemFor } from '../items/item-access.ts'
import { MESSAGES } from '../items/item-update.service.ts'
import { items } from '../items/items.tables.ts'
import { scheduleDocument } from './schedule-document.ts'
import { scheduleValues } from './schedule-wire.ts'

/** GET /items/{id}/schedule: whoever sees the device. A device without one answers the default (off). */
export async function itemSchedule(db: Database, caller: Caller, id: number): Promise<ScheduleDocument> {
  const { item } = await itemFor(db, caller, id, 'see')
  return scheduleDocument(item, caller.language)
}

function auditChanges(before: WeeklySchedule, after: WeeklySchedule): AuditChanges {
  const changes: AuditChanges = {}
  for (const name of ['enabled', 'heater_reduction', 'boiler_reduction'] as const) {
    if (before[name] !== after[name]) changes[name] = { from: before[name], to: after[name] }
  }
  // The grid itself is summed up as hours of reduction per week; the schedule answer has the slots.
  const hours = { from: reducedHoursPerWeek(before), to: reducedHoursPerWeek(after) }
  if (before.days.some((day, index) => day !== after.days[index])) changes.reduced_hours = hours
  return changes
}

/**
 * PATCH /items/{id}/schedule (operate): merges the members sent onto the stored schedule; a change is a new
 * desired state like any dashboard setting (settings_version + 1, pending until the controller's ack settles
 * it), logged in the change log and sent to the controller by the device link after the commit.
 */
export async function updateSchedule(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  id: number,
  patch: SchedulePatch,
): Promise<ScheduleDocument> {
  await itemFor(db, caller, id, 'operate')
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(items).where(eq(items.id, id)).for('update')
    if (!current) throw notFound(ITEM_NOT_FOUND)
    const firstField = Object.keys(patch)[0] ?? 'enabled'
    if (current.status === 'pending') throw invalidField(firstField, MESSAGES.pending)
    if (current.status === 'archive') throw invalidField(firstField, MESSAGES.archived)
    const before = scheduleValues(current.schedule ?? DEFAULT_WEEKLY_SCHEDULE)
    const after: WeeklySchedule = scheduleValues({ ...before, ...patch })
    if (current.schedule && sameSchedule(before, after)) return { item: current, changed: false }
    const [updated] = await tx
      .update(items)
      .set({
        schedule: after,
        settingsVersion: sql`${items.settingsVersion} + 1`,
        syncStatus: 'pending',
        syncError: null,
        updatedAt: new Date(),
      })
      .where(eq(items.id, id))
      .returning()
    if (!updated) throw notFound(ITEM_NOT_FOUND)
    await recordAudit(tx, {
      itemId: id,
      actorId: caller.userId,
      action: 'schedule',
      changes: auditChanges(before, after),
      settingsVersion: updated.settingsVersion,
    })
    return { item: updated, changed: true }
  })
  // Announced after the commit: the device link sends the desired state, browsers showing the device refresh.
  if (result.changed) {
    events.emit('item.settings-changed', { itemId: id })
    events.emit('item.updated', { itemId: id })
  }
  return scheduleDocument(result.item, caller.language)
}
