import {
  type AlarmClearing,
  type AlarmJudgement,
  type AlarmKind,
  type AlarmThreshold,
  alarmRulesRaisedBy,
  alarmThresholds,
  kyivDate,
  toErrorCode,
} from '@teplo/domain'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { AppEventBus, AppEvents } from '../../lib/events.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { estimatedFuelDaysLeft } from '../history/fuel.service.ts'
import { hopperRefills } from '../history/history.tables.ts'
import { itemErrors } from '../item-errors/item-errors.tables.ts'
import { items } from '../items/items.tables.ts'
import { maintenanceState } from '../maintenance/maintenance.service.ts'
import { daysBetween } from '../pellets/forecast.ts'
import { pelletStoreDocument } from '../pellets/pellets.service.ts'
import { pelletDeliveries } from '../pellets/pellets.tables.ts'
import { type Decisions, judge } from './alarm-judge.ts'
import {
  type AlarmCandidate,
  announceAlarmChanged,
  clearAlarms,
  fanOut,
  type RaisedAlarm,
  type RaiseOutcome,
  raiseAlarms,
  setClearPending,
} from './alarm-store.ts'
import { thresholdOf } from './alarm-thresholds.ts'
import { alarms, alarmWatches, itemAlarmSettings } from './alarms.tables.ts'

export type AlarmEngineOptions = {
  db: Database
  events: AppEventBus
  log: FastifyBaseLogger
  /** How long an error or a silence must stay gone before its alarm clears. */
  clearHoldMs: number
  /** Devices changed within this many ms are evaluated together. */
  batchMs?: number
}

/**
 * Raises and clears the alarms of devices from their traffic. Ingest only marks devices changed (a set insert);
 * the changed devices are read and judged together a moment later, and only transitions are written.
 */
function byItem<T extends { itemId: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>()
  for (const row of rows) {
    const list = grouped.get(row.itemId)
    if (list) list.push(row)
    else grouped.set(row.itemId, [row])
  }
  return grouped
}

export class AlarmEngine {
  private readonly dirty = new Set<number>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> = Promise.resolve()
  private closed = false
  private readonly onUpdated = ({ itemId }: AppEvents['item.updated'][0]) => this.mark(itemId)
  private readonly onError = ({ itemErrorId }: AppEvents['item-error.created'][0]) => {
    this.enqueue(() => this.raiseFromError(itemErrorId))
  }

  constructor(private readonly options: AlarmEngineOptions) {}

  start(): void {
    this.options.events.on('item.updated', this.onUpdated)
    this.options.events.on('item-error.created', this.onError)
  }

  /** Stops listening, then judges what was marked until now (the device link has drained before this). */
  async close(): Promise<void> {
    this.options.events.off('item.updated', this.onUpdated)
    this.options.events.off('item-error.created', this.onError)
    await this.idle()
    this.closed = true
  }

  /** Everything marked so far has been judged and written. */
  async idle(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      this.enqueue(() => this.evaluateDirty())
    }
    let last: Promise<void>
    do {
      last = this.running
      await last
    } while (last !== this.running)
  }

  mark(itemId: number): void {
    if (this.closed) return
    this.dirty.add(itemId)
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.enqueue(() => this.evaluateDirty())
    }, this.options.batchMs ?? 250)
  }

  /** One job at a time on this instance (jobs of several instances meet at the database's unique index). */
  private enqueue(job: () => Promise<void>): void {
    this.running = this.running.then(job).catch((err: unknown) => {
      this.options.log.error({ err }, 'alarms: evaluation failed')
    })
  }

  private announce(outcome: RaiseOutcome): void {
    for (const alarm of outcome.raised)
      this.options.events.emit('alarm.changed', { itemId: alarm.itemId, alarmId: alarm.id, change: 'raised' })
    for (const userId of outcome.notifiedUsers) this.options.events.emit('notifications.changed', { userId })
  }

  private async announceCleared(cleared: { id: number; itemId: number }[]): Promise<void> {
    for (const alarm of cleared)
      await announceAlarmChanged(this.options.db, this.options.events, alarm, 'cleared')
  }

  private async raiseFromError(itemErrorId: number): Promise<void> {
    const [event] = await this.options.db
      .select({ itemId: itemErrors.itemId, code: itemErrors.errorCode })
      .from(itemErrors)
      .where(eq(itemErrors.id, itemErrorId))
    if (!event) return
    const code = toErrorCode(event.code) ?? event.code.slice(0, 20)
    const raise = alarmRulesRaisedBy('controller-error').map(([kind]) => ({
      itemId: event.itemId,
      kind,
      code,
    }))
    this.announce(await raiseAlarms(this.options.db, raise))
  }

  private async evaluateDirty(): Promise<void> {
    const ids = [...this.dirty]
    this.dirty.clear()
    if (ids.length > 0) await this.evaluate(ids)
  }

  /** Judges the devices' current state against their thresholds and open alarms. */
  async evaluate(itemIds: number[], now = new Date()): Promise<void> {
    const { db } = this.options
    const [states, open, watches] = await Promise.all([
      db
        .select({
          id: items.id,
          status: items.status,
          heaterTemp: items.heaterTemp,
          boilerTemp: items.boilerTemp,
          gasTemp: items.gasTemp,
          workMode: items.workMode,
          burnerOn: items.burnerOn,
          lastSeenAt: items.lastSeenAt,
          telemetryAt: items.telemetryAt,
          activeErrors: items.activeErrors,
          identityTakeovers: items.identityTakeovers,
          identityTakeoverAt: items.identityTakeoverAt,
          // Every rule's threshold, by kind.
          thresholds: Object.fromEntries(
            alarmThresholds().map(({ kind, threshold }) => [kind, thresholdOf(threshold)]),
          ),
        })
        .from(items)
        .leftJoin(itemAlarmSettings, eq(itemAlarmSettings.itemId, items.id))
        .where(anyOf(items.id, itemIds, 'int4')),
      db
        .select()
        .from(alarms)
        .where(and(anyOf(alarms.itemId, itemIds, 'int4'), isNull(alarms.clearedAt))),
      db
        .select()
        .from(alarmWatches)
        .where(anyOf(alarmWatches.itemId, itemIds, 'int4')),
    ])
    const decisions: Decisions = {
      raise: [],
      clear: [],
      pending: [],
      resume: [],
      watchSet: [],
      watchDrop: [],
    }
    const openErrors = await openErrorCodes(
      db,
      states.filter((state) => state.activeErrors !== null).map((state) => state.id),
    )
    // Thousands of devices per evaluation under ingest: looked up, not filtered per device.
    const openByItem = byItem(open)
    const watchesByItem = byItem(watches)
    for (const state of states) {
      judge(
        {
          ...state,
          thresholds: Object.fromEntries(
            Object.entries(state.thresholds).map(([kind, value]) => [kind, Number(value)]),
          ),
          openErrorCodes: openErrors.get(state.id) ?? new Set(),
        },
        openByItem.get(state.id) ?? [],
        watchesByItem.get(state.id) ?? [],
        now,
        this.options.clearHoldMs,
        decisions,
      )
    }
    await this.apply(decisions)
  }

  private async apply(decisions: Decisions): Promise<void> {
    const { db } = this.options
    for (const watch of decisions.watchSet) {
      await db
        .insert(alarmWatches)
        .values(watch)
        .onConflictDoUpdate({
          target: [alarmWatches.itemId, alarmWatches.kind],
          set: { since: watch.since, startValue: watch.startValue },
        })
    }
    for (const watch of decisions.watchDrop) {
      await db
        .delete(alarmWatches)
        .where(and(eq(alarmWatches.itemId, watch.itemId), eq(alarmWatches.kind, watch.kind)))
    }
    await setClearPending(db, decisions.pending, true)
    await setClearPending(db, decisions.resume, false)
    await this.announceCleared(await clearAlarms(db, decisions.clear))
    this.announce(await raiseAlarms(db, decisions.raise))
  }

  /**
   * Devices silent for longer than their threshold get the silence rule's alarm (offline): one statement with the
   * alarm's notifications in its transaction, so that of several instances checking at once exactly one raises it.
   */
  async checkSilence(): Promise<void> {
    const outcome: RaiseOutcome = { raised: [], notifiedUsers: new Set() }
    await this.options.db.transaction(async (tx) => {
      for (const [kind, rule] of alarmRulesRaisedBy('silence')) {
        const minutes = thresholdOf(rule.threshold)
        const silent = sql`
          select i.id, ${minutes} as minutes
          from items i left join item_alarm_settings on item_alarm_settings.item_id = i.id
          where i.status not in ('pending', 'archive') and i.last_seen_at is not null
            and i.last_seen_at < now() - make_interval(mins => ${minutes})`
        // Still silent: an alarm waiting to clear stays open.
        await tx.execute(sql`
          update alarms set clear_pending_since = null
          where kind = ${kind} and cleared_at is null and clear_pending_since is not null
            and item_id in (select id from (${silent}) silent)`)
        const result = await tx.execute(sql`
          insert into alarms (item_id, kind, code, threshold)
          select id, ${kind}::text, '', minutes from (${silent}) silent
          on conflict (item_id, kind, code) where cleared_at is null do nothing
          returning id, item_id as "itemId", kind, code`)
        for (const alarm of rowsOf<RaisedAlarm>(result)) {
          outcome.raised.push(alarm)
          for (const userId of await fanOut(tx, alarm)) outcome.notifiedUsers.add(userId)
        }
      }
    })
    this.announce(outcome)
    // Devices whose silence ended wait for their next message to start the clearing hold; their alarms clear
    // on that evaluation. Pending holds that ran out while the device kept talking are judged here too.
    const due = await this.options.db
      .select({ itemId: alarms.itemId })
      .from(alarms)
      .where(and(isNull(alarms.clearedAt), sql`${alarms.clearPendingSince} is not null`))
    if (due.length > 0) await this.evaluate([...new Set(due.map((d) => d.itemId))])
  }

  /**
   * The periodic fuel check: devices whose hopper estimate says fewer days of pellets than their threshold get
   * `fuel_low`; pellet stores whose last day to order is within the owner's reminder get `fuel_reorder` (ADR 057).
   */
  async checkFuel(now = new Date()): Promise<void> {
    const { db } = this.options
    for (const [kind, rule] of alarmRulesRaisedBy('fuel-estimate')) {
      await this.lookAtEach(kind, rule, hopperRefills.itemId, async (itemId, threshold) => ({
        estimate: await estimatedFuelDaysLeft(db, itemId, now),
        threshold,
      }))
    }
    await this.checkStores(now)
  }

  /** The pellet stores' forecasts; only devices with a delivery have a store. */
  async checkStores(now = new Date()): Promise<void> {
    const { db } = this.options
    const today = kyivDate(now)
    for (const [kind, rule] of alarmRulesRaisedBy('store-forecast')) {
      await this.lookAtEach(kind, rule, pelletDeliveries.itemId, async (itemId, threshold) => {
        const { reorder_by } = (await pelletStoreDocument(db, itemId, now)).data.attributes.forecast
        return {
          daysToReorder: reorder_by === null ? null : Math.max(0, daysBetween(today, reorder_by)),
          threshold,
        }
      })
    }
  }

  /**
   * The maintenance schedules (ADR 059): every device in use looked at, one `maintenance_due` per task due or
   * overdue (the task is the alarm's code), cleared once the task is done or its interval moved it away. Each look
   * also stores when each task falls due, what the installer's fleet is sorted by.
   */
  async checkMaintenance(now = new Date()): Promise<void> {
    const { db } = this.options
    const devices = await db
      .select({ id: items.id, createdAt: items.createdAt })
      .from(items)
      .where(sql`${items.status} not in ('pending', 'archive')`)
    for (const [kind, rule] of alarmRulesRaisedBy('maintenance-schedule')) {
      const open = await db
        .select({ id: alarms.id, itemId: alarms.itemId, code: alarms.code })
        .from(alarms)
        .where(and(eq(alarms.kind, kind), isNull(alarms.clearedAt)))
      const openByTask = new Map(open.map((alarm) => [`${alarm.itemId}:${alarm.code}`, alarm.id]))
      const raise: AlarmCandidate[] = []
      const clear: number[] = []
      for (const device of devices) {
        for (const { task, schedule } of await maintenanceState(db, device, now)) {
          const context = { status: schedule.status, left: schedule.dueIn?.value ?? null }
          const found = rule.judge(context)
          const openId = openByTask.get(`${device.id}:${task}`)
          if (found.raise) raise.push({ itemId: device.id, kind, code: task, value: found.raise.value })
          else if (openId !== undefined && rule.clear(context) === 'clear') clear.push(openId)
        }
      }
      await this.announceCleared(await clearAlarms(db, clear))
      this.announce(await raiseAlarms(db, raise))
    }
  }

  /**
   * One periodic look at every device in use that has a row keyed by `itemColumn` (a refill, a delivery): its
   * context judged by the rule against the owner's threshold; raised (again: a repeat) or the open one cleared.
   */
  private async lookAtEach<Context>(
    kind: AlarmKind,
    rule: {
      threshold: AlarmThreshold
      judge: (context: Context) => AlarmJudgement
      clear: (context: Context) => AlarmClearing
    },
    itemColumn: typeof hopperRefills.itemId | typeof pelletDeliveries.itemId,
    look: (itemId: number, threshold: number) => Promise<Context>,
  ): Promise<void> {
    const { db } = this.options
    const rows = await db
      .selectDistinct({ itemId: itemColumn, threshold: thresholdOf(rule.threshold) })
      .from(itemColumn.table)
      .innerJoin(items, eq(items.id, itemColumn))
      .leftJoin(itemAlarmSettings, eq(itemAlarmSettings.itemId, itemColumn))
      .where(sql`${items.status} not in ('pending', 'archive')`)
    const open = await db
      .select({ id: alarms.id, itemId: alarms.itemId })
      .from(alarms)
      .where(and(eq(alarms.kind, kind), isNull(alarms.clearedAt)))
    const openByItem = new Map(open.map((alarm) => [alarm.itemId, alarm.id]))
    const raise: AlarmCandidate[] = []
    const clear: number[] = []
    for (const row of rows) {
      const threshold = Number(row.threshold)
      const context = await look(row.itemId, threshold)
      const found = rule.judge(context)
      const openId = openByItem.get(row.itemId)
      if (found.raise) raise.push({ itemId: row.itemId, kind, value: found.raise.value, threshold })
      else if (openId !== undefined && rule.clear(context) === 'clear') clear.push(openId)
    }
    await this.announceCleared(await clearAlarms(db, clear))
    this.announce(await raiseAlarms(db, raise))
  }
}

/** Per device, the codes of its error events that have not ended (the device reports active_errors). */
async function openErrorCodes(db: Database, itemIds: number[]): Promise<Map<number, Set<string>>> {
  const codes = new Map<number, Set<string>>()
  if (itemIds.length === 0) return codes
  const rows = await db
    .selectDistinct({ itemId: itemErrors.itemId, code: itemErrors.errorCode })
    .from(itemErrors)
    .where(and(anyOf(itemErrors.itemId, itemIds, 'int4'), isNull(itemErrors.endedAt)))
  for (const row of rows) {
    const code = toErrorCode(row.code) ?? row.code.slice(0, 20)
    const set = codes.get(row.itemId)
    if (set) set.add(code)
    else codes.set(row.itemId, new Set([code]))
  }
  return codes
}
