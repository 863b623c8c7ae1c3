import {
  FLEET_ATTENTION,
  type FleetAttention,
  type FleetDeviceResource,
  type FleetSort,
  isMaintenanceTask,
  MAINTENANCE_TASK_RULES,
  type MaintenanceTask,
} from '@teplo/domain'
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { escapeLike, type ListQuery, pageMeta, pagination } from '../../lib/list-query.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import { alarms } from '../alarms/alarms.tables.ts'
import { itemErrors } from '../item-errors/item-errors.tables.ts'
import { accessOf, type Caller, sharedWith, sharesOfUser } from '../items/item-access.ts'
import { items } from '../items/items.tables.ts'
import { maintenanceTasks } from '../maintenance/maintenance.tables.ts'
import { addMonths } from '../maintenance/schedule.ts'

export type FleetQuery = Omit<ListQuery, 'sort'> & {
  'filter[search]'?: string | undefined
  'filter[attention]'?: FleetAttention | undefined
  sort?: FleetSort | undefined
}

// When a device's first maintenance task falls due (ADR 059): the earliest day the last look stored; a device never
// looked at yet falls due when its calendar tasks do, their default months after its registration.
const CALENDAR_TASK = 'annual_service' satisfies MaintenanceTask
const maintenanceDue = sql<Date | string | null>`coalesce(
  (select min(m.due_at) from maintenance_tasks m where m.item_id = "items"."id"),
  "items"."created_at" + make_interval(months => ${sql.raw(String(MAINTENANCE_TASK_RULES[CALENDAR_TASK].default))}))`

// What needs attention first (FLEET_ATTENTION's order), computed by the database so that paging stays on it. The
// alarm subquery names its tables itself: inside a select list the builder would leave the columns unqualified.
const attention = sql<FleetAttention>`case
  when ${items.status} = 'archive' then 'archived'
  when exists (select 1 from alarms a where a.item_id = "items"."id" and a.cleared_at is null) then 'alarm'
  when ${items.status} = 'pending' then 'unpaired'
  when ${items.syncStatus} = 'refused' then 'refused'
  when ${items.status} = 'connecting' then 'offline'
  when ${items.syncStatus} = 'pending' then 'settings-pending'
  else 'ok' end`
const rank = sql`case ${attention} ${sql.join(
  FLEET_ATTENTION.map((name, index) => sql`when ${name} then ${sql.raw(String(index))}`),
  sql` `,
)} end`

function scope(caller: Caller): SQL | undefined {
  if (caller.role === 'admin') return undefined
  return or(eq(items.userId, caller.userId), sharedWith(caller.userId))
}

function search(text: string | undefined): SQL | undefined {
  const needle = text?.trim()
  if (!needle) return undefined
  const like = `%${escapeLike(needle)}%`
  return or(ilike(items.name, like), ilike(items.serialNumber, like), ilike(items.owner, like))
}

/**
 * GET /fleet: the devices an installer has access to (every device for an admin), most urgent first — refused
 * settings, silent, settings waiting, unpaired, fine, archived — and the longest silent first within each.
 */
export async function listFleet(db: Database, caller: Caller, query: FleetQuery, rawQuery: object) {
  const { limit, offset } = pagination({ ...query, sort: '' })
  const wanted = query['filter[attention]']
  const where = and(
    scope(caller),
    search(query['filter[search]']),
    wanted ? sql`${attention} = ${wanted}` : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: items.id,
        userId: items.userId,
        name: items.name,
        serialNumber: items.serialNumber,
        owner: items.owner,
        status: items.status,
        syncStatus: items.syncStatus,
        syncError: items.syncError,
        lastSeenAt: items.lastSeenAt,
        createdAt: items.createdAt,
        attention,
      })
      .from(items)
      .where(where)
      .orderBy(
        ...(query.sort === 'maintenance'
          ? [sql`${maintenanceDue} asc nulls last`, asc(items.id)]
          : [rank, sql`${items.lastSeenAt} asc nulls first`, asc(items.id)]),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(items).where(where),
  ])
  const ids = rows.map((row) => row.id)
  const [shares, errors, open, firstDue] = await Promise.all([
    sharesOfUser(db, caller.userId, ids),
    ids.length === 0
      ? []
      : db
          .select({ itemId: itemErrors.itemId, n: count() })
          .from(itemErrors)
          .where(and(inArray(itemErrors.itemId, ids), isNull(itemErrors.archivedAt)))
          .groupBy(itemErrors.itemId),
    ids.length === 0
      ? []
      : db
          .select({ itemId: alarms.itemId, n: count() })
          .from(alarms)
          .where(and(inArray(alarms.itemId, ids), isNull(alarms.clearedAt)))
          .groupBy(alarms.itemId),
    ids.length === 0
      ? []
      : db
          .selectDistinctOn([maintenanceTasks.itemId], {
            itemId: maintenanceTasks.itemId,
            task: maintenanceTasks.task,
            dueAt: maintenanceTasks.dueAt,
          })
          .from(maintenanceTasks)
          .where(and(inArray(maintenanceTasks.itemId, ids), sql`${maintenanceTasks.dueAt} is not null`))
          .orderBy(maintenanceTasks.itemId, asc(maintenanceTasks.dueAt)),
  ])
  const maintenance = new Map(firstDue.map((row) => [row.itemId, row]))
  const activeAlarms = new Map(open.map((row) => [row.itemId, Number(row.n)]))
  const openErrors = new Map(errors.map((row) => [row.itemId, Number(row.n)]))
  const data: FleetDeviceResource[] = rows.map((row) => ({
    type: 'fleet-devices',
    id: String(row.id),
    attributes: {
      name: row.name,
      serial_number: row.serialNumber,
      owner: row.owner,
      status: row.status as FleetDeviceResource['attributes']['status'],
      attention: row.attention,
      online: row.status === 'on' || row.status === 'off',
      sync_status: row.syncStatus as FleetDeviceResource['attributes']['sync_status'],
      sync_reason: storedMessage(row.syncError, caller.language),
      last_seen_at: formatDate(row.lastSeenAt),
      access: accessOf(caller, row, shares.get(row.id)) ?? 'admin',
      open_errors: openErrors.get(row.id) ?? 0,
      active_alarms: activeAlarms.get(row.id) ?? 0,
      ...fleetMaintenance(row, maintenance.get(row.id)),
    },
    links: { self: `/api/v2/items/${row.id}` },
  }))
  return {
    data,
    ...pageMeta(total?.n ?? 0, { ...query, sort: '' }, '/api/v2/fleet', rawQuery as Record<string, unknown>),
  }
}

/** A device's first maintenance as the fleet shows it (the same rule as its sort). */
function fleetMaintenance(
  row: { createdAt: Date },
  first: { task: string; dueAt: Date | null } | undefined,
): Pick<FleetDeviceResource['attributes'], 'maintenance_due_at' | 'maintenance_task'> {
  if (first?.dueAt && isMaintenanceTask(first.task))
    return { maintenance_due_at: formatDate(first.dueAt), maintenance_task: first.task }
  if (first) return { maintenance_due_at: null, maintenance_task: null }
  return {
    maintenance_due_at: formatDate(addMonths(row.createdAt, MAINTENANCE_TASK_RULES[CALENDAR_TASK].default)),
    maintenance_task: CALENDAR_TASK,
  }
}
