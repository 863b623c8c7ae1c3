import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { Mailer, MailMessage } from '../../lib/mailer.ts'
import { claimDueRows } from '../../lib/outbox-claim.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { mailOutbox } from './mail-outbox.tables.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type Stored = { to: string; subject: string; text: string; html?: string }

/** Kinds of mail that go through the outbox. */
export type OutboxMailKind = 'handover-notice' | 'webhook-disabled'

const MAX_RETRY_MS = 60 * 60 * 1000
/** Past this many failures a message is given up (about two days of hourly retries), as the alarms' outbox does. */
export const MAIL_MAX_ATTEMPTS = 60
/** How long a worker holds a message; if it dies meanwhile, another instance takes it over after this. */
const LEASE_SECONDS = 120

export const mailRetryDelayMs = (firstMs: number, attempts: number) =>
  Math.min(MAX_RETRY_MS, firstMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)))

/** Queues messages in the caller's transaction: they are sent only if it commits, and then until they are. */
export async function enqueueMail(tx: Transaction | Database, kind: OutboxMailKind, messages: MailMessage[]) {
  if (messages.length === 0) return
  await tx.insert(mailOutbox).values(
    messages.map(({ to, subject, text, html }) => ({
      kind,
      message: html === undefined ? { to, subject, text } : { to, subject, text, html },
    })),
  )
}

type Claimed = { id: number; kind: string; attempts: number; message: Stored | string }

export type MailOutboxOptions = {
  db: Database
  mailer: Mailer
  log: FastifyBaseLogger
  /** The first retry after a failure; doubled each time up to an hour. */
  retryMs: number
  batch?: number
}

/**
 * Sends what the outbox holds. Any instance may run it: a round takes due messages with FOR UPDATE SKIP LOCKED
 * and a lease, sends each, then marks it sent, or schedules the next try with backoff (failed for good after
 * MAIL_MAX_ATTEMPTS). Each message has a fixed Message-ID, so one sent twice (an instance died between sending
 * and marking) is recognisable as the same.
 */
export class MailOutboxWorker {
  private busy: Promise<number> | null = null

  constructor(private readonly options: MailOutboxOptions) {}

  /** One round (also what tests call); answers how many messages were handled. */
  runOnce(): Promise<number> {
    this.busy ??= this.round().finally(() => {
      this.busy = null
    })
    return this.busy
  }

  /** Resolves once the round under way, if any, has finished (a stop waits for it). */
  async idle(): Promise<void> {
    await this.busy?.catch(() => undefined)
  }

  private async claim(): Promise<Claimed[]> {
    const result = await this.options.db.execute(sql`
      ${claimDueRows({
        table: 'mail_outbox',
        batch: this.options.batch ?? 20,
        leaseSeconds: LEASE_SECONDS,
        returning: sql`o.id, o.kind, o.attempts, o.message`,
      })}
      select * from taken`)
    return rowsOf<Claimed>(result)
  }

  private async round(): Promise<number> {
    const { db, mailer, log, retryMs } = this.options
    const claimed = await this.claim()
    for (const row of claimed) {
      const stored: Stored = typeof row.message === 'string' ? JSON.parse(row.message) : row.message
      const id = Number(row.id)
      try {
        await mailer.send({ ...stored, messageId: `<outbox-${id}@teplo>` })
        await db.execute(sql`
          update mail_outbox set state = 'sent', sent_at = now(), locked_until = null, last_error = null
          where id = ${id}`)
      } catch (err) {
        const attempts = Number(row.attempts)
        const reason = err instanceof Error ? err.message : String(err)
        const giveUp = attempts >= MAIL_MAX_ATTEMPTS
        const next = new Date(Date.now() + mailRetryDelayMs(retryMs, attempts))
        log.warn(
          { err, outboxId: id, kind: row.kind, attempts, giveUp },
          giveUp ? 'mail outbox: given up' : 'mail outbox: not sent; retrying later',
        )
        await db.execute(sql`
          update mail_outbox
          set state = ${giveUp ? 'failed' : 'pending'}, next_attempt_at = ${next.toISOString()},
              locked_until = null, last_error = ${reason.slice(0, 500)}
          where id = ${id}`)
      }
    }
    return claimed.length
  }
}
