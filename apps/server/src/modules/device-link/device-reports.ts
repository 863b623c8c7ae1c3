import {
  type ErrorEventMessage,
  partlyAppliedReason,
  type SettingsAckMessage,
  settingsDifferences,
  unsupportedSettings,
} from '@teplo/domain'
import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { settleAudit } from '../audit/item-audit.ts'
import { items } from '../items/items.tables.ts'
import { reportedScheduleOf, scheduleDifferenceReason } from '../schedule/schedule-wire.ts'
import { desiredSettingsOf } from './desired-settings.ts'
import { UNLINKED_STATUSES } from './device-credentials.ts'
import { joinedReason, reportedServiceOf, serviceAckProblem } from './service-desired.ts'

export type AckOutcome = {
  /** The item whose stored state changed; null for an unknown, unverified or archived serial. */
  itemId: number | null
  /** The ack answered another version than the current one: the current desired state goes again. */
  republish: boolean
  /** The current version was settled by this ack: applied or refused, with the stored reason. */
  settled?: { version: number; outcome: 'applied' | 'refused'; reason: string | null }
}

/**
 * Records what the controller reports in effect (the ack's `applied` and `applied_service`, whatever version it
 * answers) and, for an answer to the current settings_version, the sync status: `synced` only when every applied
 * value (service parameters included, ADR 025) is the one asked; an `applied` ack with other values is `refused`
 * with a reason naming them. Only the settings the controller reports are compared: a newer setting it leaves out
 * is one it lacks (ADR 051), so the item is synced for what it has, and a change of that setting is not applied
 * in the change log. An answer to an older version leaves the status alone and the caller re-sends the
 * current desired state. The status update is guarded by the version read, so a dashboard change committed
 * meanwhile is never marked synced.
 */
export async function applySettingsAck(
  db: Database,
  serial: string,
  ack: SettingsAckMessage,
  now = new Date(),
): Promise<AckOutcome> {
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.serialNumber, serial), notInArray(items.status, UNLINKED_STATUSES)))
    .limit(1)
  if (!item) return { itemId: null, republish: true }
  const reported = {
    reportedSettings: ack.applied as Record<string, unknown>,
    reportedSchedule: reportedScheduleOf(ack),
    reportedAt: now,
    ...reportedServiceOf(ack),
  }
  if (item.settingsVersion !== ack.version) {
    await db.update(items).set(reported).where(eq(items.id, item.id))
    return { itemId: item.id, republish: true }
  }
  const differences =
    ack.result === 'applied' ? settingsDifferences(desiredSettingsOf(item), ack.applied) : []
  const scheduleReason = scheduleDifferenceReason(item, ack)
  const serviceProblem = ack.result === 'applied' ? serviceAckProblem(item, ack) : null
  const synced =
    ack.result === 'applied' && differences.length === 0 && serviceProblem === null && scheduleReason === null
  const partly = differences.length > 0 ? partlyAppliedReason(differences) : null
  const reason =
    ack.result === 'refused'
      ? (ack.reason ?? null)
      : synced
        ? null
        : joinedReason(partly, serviceProblem, scheduleReason)
  // The change log learns the outcome in the same transaction as the item (ADR 018).
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(items)
      .set({
        ...reported,
        syncStatus: synced ? 'synced' : 'refused',
        syncError: reason,
        appliedVersion: ack.applied_version,
      })
      .where(and(eq(items.id, item.id), eq(items.settingsVersion, ack.version)))
      .returning({ id: items.id })
    if (rows.length > 0) {
      const outcome = synced ? 'applied' : 'refused'
      await settleAudit(tx, item.id, ack.version, outcome, reason, unsupportedSettings(ack.applied))
    }
    return rows
  })
  if (changed.length === 0) {
    await db.update(items).set(reported).where(eq(items.id, item.id))
    return { itemId: item.id, republish: true }
  }
  return {
    itemId: item.id,
    republish: false,
    settled: { version: ack.version, outcome: synced ? 'applied' : 'refused', reason },
  }
}

/** Stores a controller error once per (item, event_id); a redelivered event returns null. */
export async function recordErrorEvent(
  db: Database,
  serial: string,
  event: ErrorEventMessage,
): Promise<{ id: number; itemId: number } | null> {
  const result = await db.execute(sql`
    insert into item_errors (item_id, error_code, error_time, mode_status, heater_temp, boiler_temp, gas_temp,
      burner_power, event_id)
    select i.id, ${event.code}, ${event.ts}::timestamptz, ${event.mode_status}::int2, ${event.heater_temp}::float8,
      ${event.boiler_temp}::float8, ${event.gas_temp}::float8, ${event.burner_power}::float8, ${event.event_id}
    from items i
    where i.serial_number = ${serial} and i.status not in ('pending', 'archive')
    on conflict (item_id, event_id) do nothing
    returning id, item_id as "itemId"`)
  return rowsOf<{ id: number; itemId: number }>(result)[0] ?? null
}

/** A reading that says which errors are in force (telemetry `active_errors`), at its time. */
export type ActiveErrorsReport = { serial: string; ts: string; active: readonly string[] }

/**
 * Ends the error events the controller no longer lists as in force: every open event of the device dated at or
 * before the reading whose code is not in its list gets the reading's time as its end. One statement for all.
 * Returns the devices whose errors ended.
 */
export async function endReportedErrors(db: Database, reports: ActiveErrorsReport[]): Promise<number[]> {
  if (reports.length === 0) return []
  const result = await db.execute(sql`
    update item_errors as e set ended_at = v.ts
    from unnest(${sql.param(reports.map((r) => r.serial))}::text[],
                ${sql.param(reports.map((r) => r.ts))}::timestamptz[],
                ${sql.param(reports.map((r) => r.active.join(',')))}::text[]) as v(serial, ts, active),
         items i
    where i.serial_number = v.serial and e.item_id = i.id and e.ended_at is null and e.error_time <= v.ts
      and not (e.error_code = any(string_to_array(v.active, ',')))
    returning e.item_id as "itemId"`)
  return [...new Set(rowsOf<{ itemId: number }>(result).map((row) => row.itemId))]
}

/** Dropped messages of one device since the last write, and the latest reason. */
export type DropTally = { serial: string; count: number; lastReason: string; lastAt: Date }

/**
 * Adds dropped-message counts to the devices' counters (one statement for all). Unknown serials change nothing;
 * the counter stops at the largest 32-bit integer. Returns the devices changed.
 */
export async function recordDrops(db: Database, tallies: DropTally[]): Promise<number[]> {
  if (tallies.length === 0) return []
  const rows = tallies.map(
    (t) =>
      sql`(${t.serial}::text, ${t.count}::int, ${t.lastReason.slice(0, 500)}::text, ${t.lastAt}::timestamptz)`,
  )
  const result = await db.execute(sql`
    update items as i set
      drop_count = least(i.drop_count::bigint + v.n, 2147483647)::int,
      last_drop_reason = v.reason,
      last_drop_at = v.at
    from (values ${sql.join(rows, sql`, `)}) as v(serial, n, reason, at)
    where i.serial_number = v.serial
    returning i.id`)
  return rowsOf<{ id: number }>(result).map((row) => row.id)
}
