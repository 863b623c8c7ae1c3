import {
  type AlarmState,
  alarmAction,
  alarmDescription,
  alarmTitle,
  type Language,
  msg,
  type NotificationResource,
} from '@teplo/domain'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { pageMeta, pagination } from '../../lib/list-query.ts'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'
import { isAlarmKind } from './alarm-store.ts'
import { alarms, notifications } from './alarms.tables.ts'

export const NOTIFICATION_NOT_FOUND = msg('server.alarms.notificationNotFound')

export function alarmState(row: { acknowledgedAt: Date | null; clearedAt: Date | null }): AlarmState {
  if (row.clearedAt) return 'cleared'
  return row.acknowledgedAt ? 'acknowledged' : 'active'
}

const columns = {
  id: notifications.id,
  itemId: notifications.itemId,
  alarmId: notifications.alarmId,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  deviceName: items.name,
  kind: alarms.kind,
  code: alarms.code,
  value: alarms.value,
  threshold: alarms.threshold,
  acknowledgedAt: alarms.acknowledgedAt,
  clearedAt: alarms.clearedAt,
  // A notification is its account's own: its texts are in that account's language.
  language: users.language,
}

type Row = {
  id: number
  itemId: number
  alarmId: number
  createdAt: Date
  readAt: Date | null
  deviceName: string
  kind: string
  code: string
  value: number | null
  threshold: number | null
  acknowledgedAt: Date | null
  clearedAt: Date | null
  language: Language
}

/** What the domain's texts are made from; a kind this version does not know reads as a controller error. */
export function alarmFacts(row: Pick<Row, 'kind' | 'code' | 'value' | 'threshold'>) {
  const kind = isAlarmKind(row.kind) ? row.kind : 'device_error'
  return { kind, code: row.code, value: row.value, threshold: row.threshold }
}

/** The texts of an alarm in a language: its title, what happened, what to do. */
export function alarmTexts(facts: ReturnType<typeof alarmFacts>, language: Language) {
  return {
    title: alarmTitle(facts, language),
    description: alarmDescription(facts, language),
    action: alarmAction(facts, language),
  }
}

export function notificationResource(row: Row): NotificationResource {
  const facts = alarmFacts(row)
  const { kind } = facts
  return {
    type: 'notifications',
    id: String(row.id),
    attributes: {
      kind,
      code: row.code,
      ...alarmTexts(facts, row.language),
      value: row.value,
      threshold: row.threshold,
      device_name: row.deviceName,
      alarm_state: alarmState(row),
      created_at: formatDate(row.createdAt),
      read_at: formatDate(row.readAt),
    },
    relationships: {
      item: { data: { type: 'items', id: String(row.itemId) } },
      alarm: { data: { type: 'alarms', id: String(row.alarmId) } },
    },
    links: { self: `/api/v2/notifications/${row.id}` },
  }
}

const selectRows = (db: Database) =>
  db
    .select(columns)
    .from(notifications)
    .innerJoin(alarms, eq(alarms.id, notifications.alarmId))
    .innerJoin(items, eq(items.id, notifications.itemId))
    .innerJoin(users, eq(users.id, notifications.userId))

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

export type NotificationListQuery = {
  'page[number]': number
  'page[size]': number
  'filter[unread]'?: boolean | undefined
}

/** The account's notifications, newest first; only its own. */
export async function listNotifications(
  db: Database,
  userId: number,
  query: NotificationListQuery,
  rawQuery: Record<string, unknown>,
) {
  const where = and(
    eq(notifications.userId, userId),
    query['filter[unread]'] === true ? isNull(notifications.readAt) : undefined,
    query['filter[unread]'] === false ? sql`${notifications.readAt} is not null` : undefined,
  )
  const listQuery = { ...query, sort: '-created_at' }
  const { limit, offset } = pagination(listQuery)
  const [rows, [total], unread] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(notifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, userId),
  ])
  const page = pageMeta(total?.n ?? 0, listQuery, '/api/v2/notifications', rawQuery)
  return { data: rows.map(notificationResource), meta: { ...page.meta, unread }, links: page.links }
}

/** The newest notifications of an account (what the live stream announces). */
export async function newestNotifications(db: Database, userId: number, limit = 5) {
  const rows = await selectRows(db)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit)
  return rows.map(notificationResource)
}

export async function markNotification(
  db: Database,
  events: AppEventBus,
  userId: number,
  id: number,
  read: boolean,
) {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  if (!updated) throw notFound(NOTIFICATION_NOT_FOUND)
  events.emit('notifications.changed', { userId })
  const [row] = await selectRows(db).where(eq(notifications.id, id))
  return { data: notificationResource(row!) }
}

export async function markAllRead(db: Database, events: AppEventBus, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  events.emit('notifications.changed', { userId })
  return { meta: { unread: await unreadCount(db, userId) } }
}
