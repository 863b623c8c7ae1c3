import { ALARM_KINDS, type AlarmKind, NOTIFICATION_CHANNELS } from '@teplo/domain'
import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { usersWithAccess } from '../items/item-access.ts'
import { alarms, notificationOutbox, notifications, userNotificationSettings } from './alarms.tables.ts'

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** A condition found on a device: raised as a new alarm unless one of its kind is open there. */
export type AlarmCandidate = {
  itemId: number
  kind: AlarmKind
  code?: string
  value?: number | null
  threshold?: number | null
}

export type RaisedAlarm = { id: number; itemId: number; kind: AlarmKind; code: string }

/** What a raise led to: alarms opened (each notified once) and the accounts given a new notification. */
export type RaiseOutcome = { raised: RaisedAlarm[]; notifiedUsers: Set<number> }

/**
 * Raises alarms, or counts a repeat on the open one of the same device, kind and code (no new message: dedup).
 * The unique index on the open episode decides which of several instances raises it; the notifications and
 * outbox rows are written in the same transaction, so an alarm is notified exactly once.
 */
export async function raiseAlarms(db: Database, candidates: AlarmCandidate[]): Promise<RaiseOutcome> {
  const outcome: RaiseOutcome = { raised: [], notifiedUsers: new Set() }
  if (candidates.length === 0) return outcome
  await db.transaction(async (tx) => {
    for (const candidate of candidates) {
      const result = await tx.execute(sql`
        insert into alarms (item_id, kind, code, value, threshold)
        values (${candidate.itemId}, ${candidate.kind}, ${candidate.code ?? ''}, ${candidate.value ?? null},
          ${candidate.threshold ?? null})
        on conflict (item_id, kind, code) where cleared_at is null
        do update set repeats = alarms.repeats + 1, clear_pending_since = null
        returning id, item_id as "itemId", kind, code, (xmax = 0) as inserted`)
      const [row] = rowsOf<RaisedAlarm & { inserted: boolean }>(result)
      if (!row?.inserted) continue
      const alarm = { id: row.id, itemId: row.itemId, kind: row.kind, code: row.code }
      outcome.raised.push(alarm)
      for (const userId of await fanOut(tx, alarm)) outcome.notifiedUsers.add(userId)
    }
  })
  return outcome
}

/**
 * The in-app notification for everyone with access to the device who wants this kind, and a delivery per channel
 * they have on; returns the accounts notified.
 */
export async function fanOut(tx: Transaction, alarm: RaisedAlarm): Promise<number[]> {
  const recipients = await usersWithAccess(tx as unknown as Database, alarm.itemId)
  if (recipients.length === 0) return []
  const userIds = recipients.map((r) => r.userId)
  const preferences = await tx
    .select()
    .from(userNotificationSettings)
    .where(inArray(userNotificationSettings.userId, userIds))
  const byUser = new Map(preferences.map((p) => [p.userId, p]))
  const notified: number[] = []
  for (const userId of userIds) {
    const preference = byUser.get(userId)
    if (preference?.mutedKinds.includes(alarm.kind)) continue
    const [created] = await tx
      .insert(notifications)
      .values({ userId, alarmId: alarm.id, itemId: alarm.itemId })
      .onConflictDoNothing()
      .returning({ id: notifications.id })
    if (!created) continue
    notified.push(userId)
    const channels = NOTIFICATION_CHANNELS.filter((channel) => preference?.[channel] ?? true)
    if (channels.length === 0) continue
    await tx
      .insert(notificationOutbox)
      .values(channels.map((channel) => ({ notificationId: created.id, alarmId: alarm.id, userId, channel })))
      .onConflictDoNothing()
  }
  return notified
}

/** Closes episodes (the condition ended); returns the alarms actually cleared now. */
export async function clearAlarms(db: Database, ids: number[]): Promise<{ id: number; itemId: number }[]> {
  if (ids.length === 0) return []
  return db
    .update(alarms)
    .set({ clearedAt: sql`now()`, clearPendingSince: null })
    .where(sql`${inArray(alarms.id, ids)} and ${alarms.clearedAt} is null`)
    .returning({ id: alarms.id, itemId: alarms.itemId })
}

/** The condition is absent since now (start of the clearing hold) or present again (hold cancelled). */
export async function setClearPending(db: Database, ids: number[], pending: boolean): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(alarms)
    .set({ clearPendingSince: pending ? sql`now()` : null })
    .where(sql`${inArray(alarms.id, ids)} and ${alarms.clearedAt} is null`)
}

export const isAlarmKind = (kind: string): kind is AlarmKind =>
  (ALARM_KINDS as readonly string[]).includes(kind)

/**
 * An alarm was acknowledged or cleared (after the commit): the device's alarm lists and the bells of everyone with
 * access follow (their notifications show the alarm's state).
 */
export async function announceAlarmChanged(
  db: Database,
  events: AppEventBus,
  alarm: { id: number; itemId: number },
  change: 'acknowledged' | 'cleared',
): Promise<void> {
  events.emit('alarm.changed', { itemId: alarm.itemId, alarmId: alarm.id, change })
  for (const { userId } of await usersWithAccess(db, alarm.itemId))
    events.emit('notifications.changed', { userId })
}
