import {
  isMaintenanceTask,
  MAINTENANCE_TASK_KEYS,
  MAINTENANCE_TASK_RULES,
  MAINTENANCE_TASKS,
  MAINTENANCE_TYPE,
  type MaintenanceDocument,
  type MaintenanceDone,
  type MaintenanceIntervalPatch,
  type MaintenanceTask,
  type MaintenanceTaskState,
  msg,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { recordAudit } from '../audit/item-audit.ts'
import { type Caller, itemFor, visibleItem } from '../items/item-access.ts'
import { maintenanceTasks } from './maintenance.tables.ts'
import { nextTask, type TaskSchedule, taskSchedule, type Used } from './schedule.ts'
import { usedSince } from './usage-since.ts'

// The maintenance reminders of a device (ADR 059): the tasks' state derived from their rows (or the defaults),
// the device's registration and its readings; each look stores when each task falls due, for the fleet's sort.

type TaskRow = typeof maintenanceTasks.$inferSelect
type Writer = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>

export type MaintenanceState = { task: MaintenanceTask } & TaskSchedule

/** The unknown task in a path is 404, as an unknown device is (decided in ADR 059). */
function knownTask(task: string): MaintenanceTask {
  if (!isMaintenanceTask(task)) throw notFound(msg('pellets.maintenance.unknownTask'))
  return task
}

async function taskRows(db: Pick<Database, 'select'>, itemId: number): Promise<Map<string, TaskRow>> {
  const rows = await db.select().from(maintenanceTasks).where(eq(maintenanceTasks.itemId, itemId))
  return new Map(rows.map((row) => [row.task, row]))
}

/**
 * Every task of the device at `now`, and the day each falls due stored for the fleet's sort. The device's
 * registration (`createdAt`) is where a task never done starts counting.
 */
export async function maintenanceState(
  db: Database,
  item: { id: number; createdAt: Date },
  now = new Date(),
) {
  const rows = await taskRows(db, item.id)
  const usage = new Map<string, ReturnType<typeof usedSince>>()
  const usedFrom = (since: Date) => {
    const key = String(since.getTime())
    let found = usage.get(key)
    if (!found) {
      found = usedSince(db, item.id, since, now)
      usage.set(key, found)
    }
    return found
  }
  const tasks = await Promise.all(
    MAINTENANCE_TASKS.map(async (task) => {
      const rule = MAINTENANCE_TASK_RULES[task]
      const row = rows.get(task)
      const interval = row?.intervalValue ?? rule.default
      const since = row?.lastDoneAt ?? item.createdAt
      let used: Used = { value: null, reason: null }
      if (rule.unit !== 'months') {
        const found = await usedFrom(since)
        used = { value: rule.unit === 'kg' ? found.fuelKg : found.burnerHours, reason: found.reason }
      }
      return { row, interval, since, schedule: taskSchedule(task, interval, since, now, used), task }
    }),
  )
  await storeDueDays(
    db,
    item.id,
    tasks.map(({ task, schedule, row }) => ({ task, dueAt: schedule.dueAt, stored: row })),
    now,
  )
  return tasks
}

/** Keeps each task's estimated due day (only where it moved, so a look at a quiet device writes nothing). */
async function storeDueDays(
  db: Writer,
  itemId: number,
  tasks: { task: MaintenanceTask; dueAt: Date | null; stored: TaskRow | undefined }[],
  now: Date,
) {
  const changed = tasks.filter(
    ({ dueAt, stored }) => !stored || (dueAt?.getTime() ?? null) !== (stored.dueAt?.getTime() ?? null),
  )
  if (changed.length === 0) return
  await db
    .insert(maintenanceTasks)
    .values(changed.map(({ task, dueAt }) => ({ itemId, task, dueAt, updatedAt: now })))
    .onConflictDoUpdate({
      target: [maintenanceTasks.itemId, maintenanceTasks.task],
      set: { dueAt: sql`excluded.due_at` },
    })
}

export async function maintenanceDocument(
  db: Database,
  item: { id: number; createdAt: Date },
  now = new Date(),
): Promise<MaintenanceDocument> {
  const tasks = await maintenanceState(db, item, now)
  return {
    data: {
      type: MAINTENANCE_TYPE,
      id: String(item.id),
      attributes: {
        tasks: tasks.map(
          ({ task, row, interval, since, schedule }): MaintenanceTaskState => ({
            task,
            unit: MAINTENANCE_TASK_RULES[task].unit,
            interval,
            default_interval: MAINTENANCE_TASK_RULES[task].default,
            last_done_at: formatDate(row?.lastDoneAt ?? null),
            last_note: row?.lastNote ?? null,
            since: formatDate(since) ?? since.toISOString(),
            used: schedule.used,
            due_in: schedule.dueIn,
            due_at: formatDate(schedule.dueAt),
            status: schedule.status,
            unknown_reason: schedule.unknownReason,
          }),
        ),
        next_task: nextTask(tasks.map(({ task, schedule }) => ({ task, ...schedule }))),
      },
      links: { self: `/api/v2/items/${item.id}/maintenance` },
    },
  }
}

export async function getMaintenance(db: Database, caller: Caller, itemId: number) {
  const item = await visibleItem(db, caller, itemId)
  return maintenanceDocument(db, item)
}

/** The installer sets a task's interval on this device (null: back to the default); logged. */
export async function updateMaintenanceInterval(
  db: Database,
  caller: Caller,
  itemId: number,
  taskName: string,
  body: MaintenanceIntervalPatch,
) {
  const { item } = await itemFor(db, caller, itemId, 'commission')
  const task = knownTask(taskName)
  const rule = MAINTENANCE_TASK_RULES[task]
  if (body.interval !== null && (body.interval < rule.min || body.interval > rule.max)) {
    throw invalidField(
      'interval',
      msg('pellets.maintenance.intervalRange', {
        task: msg(MAINTENANCE_TASK_KEYS[task]),
        min: rule.min,
        max: rule.max,
        unit: msg(`pellets.maintenance.unit.${rule.unit}`),
      }),
    )
  }
  await db.transaction(async (tx) => {
    await tx.insert(maintenanceTasks).values({ itemId, task }).onConflictDoNothing()
    const [stored] = await tx
      .select()
      .from(maintenanceTasks)
      .where(sql`${maintenanceTasks.itemId} = ${itemId} and ${maintenanceTasks.task} = ${task}`)
      .for('update')
    const before = stored?.intervalValue ?? rule.default
    const after = body.interval ?? rule.default
    await tx
      .update(maintenanceTasks)
      .set({ intervalValue: body.interval, updatedAt: new Date() })
      .where(sql`${maintenanceTasks.itemId} = ${itemId} and ${maintenanceTasks.task} = ${task}`)
    if (before !== after)
      await recordAudit(tx, {
        itemId,
        actorId: caller.userId,
        action: 'maintenance-interval',
        changes: { [task]: { from: before, to: after } },
      })
  })
  return maintenanceDocument(db, item)
}

/**
 * A task done (owner, operator, installer): its count starts again from `done_at`, the note kept; a date before
 * the device was registered is refused, and a date older than the one already recorded is kept in the log only.
 */
export async function markMaintenanceDone(
  db: Database,
  caller: Caller,
  itemId: number,
  taskName: string,
  body: MaintenanceDone,
) {
  const { item } = await itemFor(db, caller, itemId, 'operate')
  const task = knownTask(taskName)
  // The registration's (UTC) day counts whole: a task done that morning, before the device was added, is fine.
  const registered = item.createdAt
  const registeredDay = Date.UTC(
    registered.getUTCFullYear(),
    registered.getUTCMonth(),
    registered.getUTCDate(),
  )
  if (body.done_at.getTime() < registeredDay) {
    throw invalidField(
      'done_at',
      msg('pellets.maintenance.doneAtBeforeDevice', { date: item.createdAt.toISOString().slice(0, 10) }),
    )
  }
  const note = body.note ? body.note : null
  await db.transaction(async (tx) => {
    await tx.insert(maintenanceTasks).values({ itemId, task }).onConflictDoNothing()
    const [stored] = await tx
      .select()
      .from(maintenanceTasks)
      .where(sql`${maintenanceTasks.itemId} = ${itemId} and ${maintenanceTasks.task} = ${task}`)
      .for('update')
    const newer = !stored?.lastDoneAt || stored.lastDoneAt.getTime() <= body.done_at.getTime()
    if (newer)
      await tx
        .update(maintenanceTasks)
        .set({ lastDoneAt: body.done_at, lastNote: note, updatedAt: new Date() })
        .where(sql`${maintenanceTasks.itemId} = ${itemId} and ${maintenanceTasks.task} = ${task}`)
    await recordAudit(tx, {
      itemId,
      actorId: caller.userId,
      action: 'maintenance-done',
      changes: {
        task: { from: null, to: task },
        done_at: { from: formatDate(stored?.lastDoneAt ?? null), to: body.done_at.toISOString() },
        ...(note ? { note: { from: null, to: note } } : {}),
      },
    })
  })
  return maintenanceDocument(db, item)
}
