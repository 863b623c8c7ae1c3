import {
  type AlarmResource,
  type AlarmSettingsDocument,
  type AlarmSettingsPatch,
  type AlarmState,
  alarmThresholds,
  type Language,
  msg,
} from '@teplo/domain'
import { and, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { pageMeta, pagination } from '../../lib/list-query.ts'
import { type Caller, itemFor, visibleItem } from '../items/item-access.ts'
import { users } from '../users/users.tables.ts'
import { announceAlarmChanged } from './alarm-store.ts'
import { alarms, itemAlarmSettings } from './alarms.tables.ts'
import { alarmFacts, alarmState, alarmTexts } from './notifications.service.ts'

export const ALARM_NOT_FOUND = msg('server.alarms.notFound')

/** Whoever reads alarms: their access, and the language the texts are written in. */
type Reader = Caller & { language: Language }

type AlarmRow = typeof alarms.$inferSelect & { acknowledgedByName: string | null }

/** A device's alarm, its texts in the reader's language. */
export function alarmResource(row: AlarmRow, language: Language): AlarmResource {
  const facts = alarmFacts(row)
  return {
    type: 'alarms',
    id: String(row.id),
    attributes: {
      kind: facts.kind,
      code: row.code,
      state: alarmState(row),
      ...alarmTexts(facts, language),
      value: row.value,
      threshold: row.threshold,
      raised_at: formatDate(row.raisedAt),
      acknowledged_at: formatDate(row.acknowledgedAt),
      acknowledged_by: row.acknowledgedByName,
      cleared_at: formatDate(row.clearedAt),
    },
    relationships: { item: { data: { type: 'items', id: String(row.itemId) } } },
    links: { self: `/api/v2/items/${row.itemId}/alarms/${row.id}` },
  }
}

const withNames = (db: Database) =>
  db
    .select({
      id: alarms.id,
      itemId: alarms.itemId,
      kind: alarms.kind,
      code: alarms.code,
      value: alarms.value,
      threshold: alarms.threshold,
      raisedAt: alarms.raisedAt,
      repeats: alarms.repeats,
      acknowledgedAt: alarms.acknowledgedAt,
      acknowledgedBy: alarms.acknowledgedBy,
      clearPendingSince: alarms.clearPendingSince,
      clearedAt: alarms.clearedAt,
      acknowledgedByName: users.name,
    })
    .from(alarms)
    .leftJoin(users, eq(users.id, alarms.acknowledgedBy))

function stateFilter(state: AlarmState | 'open' | undefined): SQL | undefined {
  switch (state) {
    case 'active':
      return and(isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt))
    case 'acknowledged':
      return and(isNull(alarms.clearedAt), sql`${alarms.acknowledgedAt} is not null`)
    case 'cleared':
      return sql`${alarms.clearedAt} is not null`
    case 'open':
      return isNull(alarms.clearedAt)
    default:
      return undefined
  }
}

export type ItemAlarmsQuery = {
  'page[number]': number
  'page[size]': number
  from?: Date | undefined
  to?: Date | undefined
  'filter[state]'?: AlarmState | 'open' | undefined
}

/** A device's alarms, newest first: raised within from–to, in a state. */
export async function listItemAlarms(
  db: Database,
  caller: Reader,
  itemId: number,
  query: ItemAlarmsQuery,
  rawQuery: Record<string, unknown>,
) {
  const item = await visibleItem(db, caller, itemId)
  const where = and(
    eq(alarms.itemId, item.id),
    query.from ? gte(alarms.raisedAt, query.from) : undefined,
    query.to ? lt(alarms.raisedAt, query.to) : undefined,
    stateFilter(query['filter[state]']),
  )
  const listQuery = { ...query, sort: '-raised_at' }
  const { limit, offset } = pagination(listQuery)
  const [rows, [total]] = await Promise.all([
    withNames(db).where(where).orderBy(desc(alarms.raisedAt), desc(alarms.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(alarms).where(where),
  ])
  const page = pageMeta(total?.n ?? 0, listQuery, `/api/v2/items/${item.id}/alarms`, rawQuery)
  return { data: rows.map((row) => alarmResource(row, caller.language)), ...page }
}

/**
 * Someone who operates the boiler saw the alarm (a viewer only reads alarms, ADR 018); the first acknowledgement
 * stays. A cleared alarm keeps its history.
 */
export async function acknowledgeAlarm(
  db: Database,
  events: AppEventBus,
  caller: Reader,
  itemId: number,
  alarmId: number,
) {
  const { item } = await itemFor(db, caller, itemId, 'operate')
  const [exists] = await db
    .select({ id: alarms.id })
    .from(alarms)
    .where(and(eq(alarms.id, alarmId), eq(alarms.itemId, item.id)))
  if (!exists) throw notFound(ALARM_NOT_FOUND)
  const changed = await db
    .update(alarms)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: caller.userId })
    .where(and(eq(alarms.id, alarmId), isNull(alarms.acknowledgedAt)))
    .returning({ id: alarms.id })
  if (changed.length > 0)
    await announceAlarmChanged(db, events, { id: alarmId, itemId: item.id }, 'acknowledged')
  const [row] = await withNames(db).where(eq(alarms.id, alarmId))
  return { data: alarmResource(row!, caller.language) }
}

type SettingsRow = typeof itemAlarmSettings.$inferSelect

/** A stored threshold by the rule's column (the row's keys are the rules' columns). */
const stored = (row: SettingsRow | undefined, column: string): number | undefined =>
  (row as Record<string, number> | undefined)?.[column]

function settingsDocument(itemId: number, row: SettingsRow | undefined): AlarmSettingsDocument {
  return {
    data: {
      type: 'alarm-settings',
      id: String(itemId),
      attributes: Object.fromEntries(
        alarmThresholds().map(({ threshold }) => [
          threshold.setting,
          stored(row, threshold.column) ?? threshold.default,
        ]),
      ) as AlarmSettingsDocument['data']['attributes'],
      links: { self: `/api/v2/items/${itemId}/alarm-settings` },
    },
  }
}

export async function alarmSettingsDocument(db: Database, caller: Caller, itemId: number) {
  const item = await visibleItem(db, caller, itemId)
  const [row] = await db.select().from(itemAlarmSettings).where(eq(itemAlarmSettings.itemId, item.id))
  return settingsDocument(item.id, row)
}

/** Whoever operates the device (owner, installer, operator, admin) changes its thresholds; what is not sent stays. */
export async function updateAlarmSettings(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  itemId: number,
  patch: AlarmSettingsPatch,
) {
  const { item } = await itemFor(db, caller, itemId, 'operate')
  const [current] = await db.select().from(itemAlarmSettings).where(eq(itemAlarmSettings.itemId, item.id))
  const sent = patch as Record<string, number | undefined>
  const next = Object.fromEntries(
    alarmThresholds().map(({ threshold }) => [
      threshold.column,
      sent[threshold.setting] ?? stored(current, threshold.column) ?? threshold.default,
    ]),
  ) as Omit<SettingsRow, 'itemId' | 'updatedAt'>
  const [row] = await db
    .insert(itemAlarmSettings)
    .values({ itemId: item.id, ...next })
    .onConflictDoUpdate({ target: itemAlarmSettings.itemId, set: { ...next, updatedAt: new Date() } })
    .returning()
  // The device is judged again against its new thresholds.
  events.emit('item.updated', { itemId: item.id })
  return settingsDocument(item.id, row)
}
