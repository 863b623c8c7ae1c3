import { DEFAULT_LANGUAGE, isLanguage, type NotificationChannel } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { claimDueRows } from '../../lib/outbox-claim.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { isAlarmKind } from './alarm-store.ts'
import { notificationOutbox } from './alarms.tables.ts'
import type { ChannelSender, Delivery } from './channels.ts'
import { preferencesOf, quietUntil } from './notification-settings.ts'

export type OutboxOptions = {
  db: Database
  log: FastifyBaseLogger
  channels: Record<NotificationChannel, ChannelSender>
  /** The first retry after a failure; doubled each time up to MAX_RETRY_MS. */
  retryMs: number
  /** Deliveries taken per round. */
  batch?: number
}

const MAX_RETRY_MS = 60 * 60 * 1000
/** Past this many failures a delivery is given up (about two days of hourly retries). */
export const MAX_ATTEMPTS = 60
/** How long a worker holds a delivery; if it dies meanwhile, another instance takes it over after this. */
const LEASE_SECONDS = 120

type Claimed = {
  id: number
  channel: NotificationChannel
  user_id: number
  attempts: number
  user_name: string
  email: string
  language: string
  item_id: number
  item_name: string
  alarm_id: number
  kind: string
  code: string
  value: number | null
  threshold: number | null
  raised_at: Date | string
}

export const retryDelayMs = (firstMs: number, attempts: number) =>
  Math.min(MAX_RETRY_MS, firstMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)))

/**
 * Delivers what the alarms wrote to the outbox. Any instance may run it: each round takes due deliveries with
 * FOR UPDATE SKIP LOCKED and a lease, sends, then records the outcome. A delivery stays pending while its
 * channel fails (SMTP down: retried with backoff) and is marked sent right after the channel accepted it.
 */
export class OutboxWorker {
  private busy: Promise<number> | null = null

  constructor(private readonly options: OutboxOptions) {}

  /** One round (also what tests call); returns how many deliveries were handled. */
  runOnce(): Promise<number> {
    this.busy ??= this.round().finally(() => {
      this.busy = null
    })
    return this.busy
  }

  private async claim(): Promise<Claimed[]> {
    const result = await this.options.db.execute(sql`
      ${claimDueRows({
        table: 'notification_outbox',
        batch: this.options.batch ?? 20,
        leaseSeconds: LEASE_SECONDS,
        returning: sql`o.id, o.channel, o.user_id, o.attempts, o.alarm_id`,
      })}
      select t.id, t.channel, t.user_id, t.attempts, u.name as user_name, u.email, u.language, i.id as item_id,
        i.name as item_name, a.id as alarm_id, a.kind, a.code, a.value, a.threshold, a.raised_at
      from taken t
      join users u on u.id = t.user_id
      join alarms a on a.id = t.alarm_id
      join items i on i.id = a.item_id`)
    return rowsOf<Claimed>(result)
  }

  private async round(): Promise<number> {
    const claimed = await this.claim()
    await Promise.all(claimed.map((row) => this.deliver(row)))
    return claimed.length
  }

  private async deliver(row: Claimed): Promise<void> {
    const { db, log } = this.options
    const now = new Date()
    const preferences = await preferencesOf(db, row.user_id)
    if (!preferences[row.channel]) {
      return this.finish(row.id, { state: 'skipped', reason: `${row.channel} turned off` })
    }
    // Quiet hours: push and e-mail wait for their end (the attempt does not count).
    const until = quietUntil(preferences, now)
    if (until) {
      await db
        .update(notificationOutbox)
        .set({ nextAttemptAt: until, lockedUntil: null, attempts: sql`${notificationOutbox.attempts} - 1` })
        .where(eq(notificationOutbox.id, row.id))
      return
    }
    if (!isAlarmKind(row.kind)) return this.finish(row.id, { state: 'skipped', reason: 'unknown kind' })
    const delivery: Delivery = {
      id: row.id,
      channel: row.channel,
      userId: row.user_id,
      userName: row.user_name,
      email: row.email,
      // Read when the delivery is due, so a language changed meanwhile is the one written in.
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      itemId: row.item_id,
      itemName: row.item_name,
      attempts: row.attempts,
      alarm: {
        id: row.alarm_id,
        kind: row.kind,
        code: row.code,
        value: row.value === null ? null : Number(row.value),
        threshold: row.threshold === null ? null : Number(row.threshold),
        raisedAt: new Date(row.raised_at),
      },
    }
    try {
      const outcome = await this.options.channels[row.channel](delivery)
      await this.finish(row.id, outcome)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const givenUp = row.attempts >= MAX_ATTEMPTS
      log.warn(
        { err: message, delivery: row.id, channel: row.channel, attempts: row.attempts },
        'alarms: delivery failed',
      )
      await db
        .update(notificationOutbox)
        .set({
          state: givenUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(this.options.retryMs, row.attempts)),
        })
        .where(eq(notificationOutbox.id, row.id))
    }
  }

  private async finish(id: number, outcome: { state: 'sent' } | { state: 'skipped'; reason: string }) {
    await this.options.db
      .update(notificationOutbox)
      .set({
        state: outcome.state,
        lockedUntil: null,
        sentAt: outcome.state === 'sent' ? new Date() : null,
        lastError: outcome.state === 'skipped' ? outcome.reason : null,
      })
      .where(eq(notificationOutbox.id, id))
  }

  async idle(): Promise<void> {
    await this.busy
  }
}
