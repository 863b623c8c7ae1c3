import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  msg,
  translateMessage,
  WEBHOOK_TEST_EVENT,
} from '@teplo/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { checkedPost } from '../../lib/checked-post.ts'
import { claimDueRows } from '../../lib/outbox-claim.ts'
import { PrivateAddressError } from '../../lib/public-address.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { usersWithAccess } from '../items/item-access.ts'
import { enqueueMail } from '../mail-outbox/mail-outbox.ts'
import { users } from '../users/users.tables.ts'
import { type WebhookAddressPolicy, webhookUrlAllowed } from './webhook-address.ts'
import { webhookSignature } from './webhook-signature.ts'
import { webhookDeliveries, webhooks } from './webhooks.tables.ts'

export type WebhookOutboxOptions = {
  db: Database
  log: FastifyBaseLogger
  policy: WebhookAddressPolicy
  /** The first retry after a failure; doubled each time up to an hour. */
  retryMs: number
  /** How long after the event a delivery is still tried (24 h by default). */
  windowMs: number
  /** Failed attempts in a row after which a webhook is turned off. */
  maxFailures: number
  /** The web app, for the link in the e-mail that says a webhook was turned off. */
  appUrl: string
  timeoutMs?: number
  batch?: number
}

const MAX_RETRY_MS = 60 * 60 * 1000
/** How long a worker holds a delivery; if it dies meanwhile, another instance takes it over after this. */
const LEASE_SECONDS = 60
const USER_AGENT = 'Teplo-Webhooks/1'

export const webhookRetryDelayMs = (firstMs: number, attempts: number) =>
  Math.min(MAX_RETRY_MS, firstMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)))

type Claimed = {
  id: number
  webhook_id: number
  event_id: string
  event_type: string
  item_id: number | null
  body: string
  attempts: number
  created_at: Date | string
  url: string
  secret: string
  enabled: boolean
  user_id: number
}

type Attempt = { ok: true; status: number } | { ok: false; status: number | null; error: string }

/**
 * Sends what the webhooks' outbox holds (ADR 061). Any instance may run it: a round takes due deliveries with FOR
 * UPDATE SKIP LOCKED and a lease, checks that the webhook is on and its account still sees the device, signs and
 * POSTs, then records the outcome: delivered, or the next attempt with backoff until the retry window ends. A
 * webhook failing `maxFailures` times in a row, or whose delivery ran out of its window, is turned off and its
 * owner told by e-mail (through the mail outbox, in the same transaction).
 */
export class WebhookOutboxWorker {
  private busy: Promise<number> | null = null
  private again = false

  constructor(private readonly options: WebhookOutboxOptions) {}

  /** One round (also what tests call); a call during a round runs another after it. */
  runOnce(): Promise<number> {
    if (this.busy) {
      this.again = true
      return this.busy
    }
    this.busy = this.round().finally(() => {
      this.busy = null
      if (this.again) {
        this.again = false
        void this.runOnce().catch((err: unknown) =>
          this.options.log.warn({ err }, 'webhooks: round failed; trying again later'),
        )
      }
    })
    return this.busy
  }

  async idle(): Promise<void> {
    while (this.busy) await this.busy.catch(() => undefined)
  }

  private async claim(): Promise<Claimed[]> {
    const result = await this.options.db.execute(sql`
      ${claimDueRows({
        table: 'webhook_deliveries',
        batch: this.options.batch ?? 20,
        leaseSeconds: LEASE_SECONDS,
        returning: sql`o.id, o.webhook_id, o.event_id, o.event_type, o.item_id, o.body, o.attempts, o.created_at`,
      })}
      select t.*, w.url, w.secret, w.enabled, w.user_id
      from taken t join webhooks w on w.id = t.webhook_id`)
    return rowsOf<Claimed>(result)
  }

  private async round(): Promise<number> {
    const claimed = await this.claim()
    await Promise.all(claimed.map((row) => this.deliver(row)))
    return claimed.length
  }

  private async deliver(row: Claimed): Promise<void> {
    const test = row.event_type === WEBHOOK_TEST_EVENT
    if (!row.enabled && !test) return this.skip(row.id, 'webhook turned off')
    if (row.item_id !== null) {
      // Access changes (a boiler sold, a share removed): only what the account sees now goes out.
      const seeing = await usersWithAccess(this.options.db, row.item_id)
      if (!seeing.some((entry) => entry.userId === row.user_id))
        return this.skip(row.id, 'the account no longer sees the device')
    }
    const attempt = await this.post(row)
    if (attempt.ok) return this.delivered(row, attempt.status)
    this.options.log.warn(
      { delivery: row.id, webhook: row.webhook_id, attempts: row.attempts, error: attempt.error },
      'webhooks: delivery failed',
    )
    await this.failed(row, attempt, test)
  }

  private async post(row: Claimed): Promise<Attempt> {
    const { policy } = this.options
    const url = new URL(row.url)
    if (!webhookUrlAllowed(url, policy)) return { ok: false, status: null, error: 'address not allowed' }
    try {
      const status = await checkedPost(url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'teplo-signature': webhookSignature(row.secret, row.body),
          'teplo-webhook-id': row.event_id,
          'teplo-event': row.event_type,
        },
        body: row.body,
        timeoutMs: this.options.timeoutMs ?? 10_000,
        publicOnly: policy.allowPrivate ? null : policy.resolve,
      })
      if (status >= 200 && status < 300) return { ok: true, status }
      const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : ''
      return { ok: false, status, error: `HTTP ${status}${redirect}` }
    } catch (err) {
      if (err instanceof PrivateAddressError) return { ok: false, status: null, error: 'address not public' }
      const error = err as NodeJS.ErrnoException
      const text = error.name === 'TimeoutError' ? 'timed out' : (error.code ?? error.message)
      return { ok: false, status: null, error: String(text).slice(0, 300) }
    }
  }

  private async skip(id: number, reason: string): Promise<void> {
    await this.options.db
      .update(webhookDeliveries)
      .set({ state: 'skipped', lockedUntil: null, lastError: reason })
      .where(eq(webhookDeliveries.id, id))
  }

  private async delivered(row: Claimed, status: number): Promise<void> {
    const { db } = this.options
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          state: 'delivered',
          lockedUntil: null,
          lastStatus: status,
          lastError: null,
          deliveredAt: sql`now()`,
        })
        .where(eq(webhookDeliveries.id, row.id))
      await tx
        .update(webhooks)
        .set({ failures: 0, lastSuccessAt: sql`now()` })
        .where(eq(webhooks.id, row.webhook_id))
    })
  }

  private async failed(row: Claimed, attempt: Attempt & { ok: false }, test: boolean): Promise<void> {
    const { db, retryMs, windowMs, maxFailures } = this.options
    const windowEnd = new Date(row.created_at).getTime() + windowMs
    const now = Date.now()
    // A test is tried once and does not count against the webhook: it says what happens now.
    const givenUp = test || now >= windowEnd
    const next = Math.min(now + webhookRetryDelayMs(retryMs, row.attempts), windowEnd)
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          state: givenUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastStatus: attempt.status,
          lastError: attempt.error,
          nextAttemptAt: new Date(givenUp ? now : next),
        })
        .where(eq(webhookDeliveries.id, row.id))
      if (test) return
      const [counted] = await tx
        .update(webhooks)
        .set({ failures: sql`${webhooks.failures} + 1` })
        .where(eq(webhooks.id, row.webhook_id))
        .returning({ failures: webhooks.failures })
      if (!counted || (counted.failures < maxFailures && !givenUp)) return
      const reason = msg('server.webhooks.disabledAfterFailures', {
        attempts: counted.failures,
        error: attempt.error,
      })
      const [disabled] = await tx
        .update(webhooks)
        .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
        .where(and(eq(webhooks.id, row.webhook_id), eq(webhooks.enabled, true)))
        .returning({ url: webhooks.url, userId: webhooks.userId })
      if (!disabled) return
      await tx
        .update(webhookDeliveries)
        .set({ state: 'skipped', lastError: 'webhook turned off', lockedUntil: null })
        .where(
          and(
            eq(webhookDeliveries.webhookId, row.webhook_id),
            eq(webhookDeliveries.state, 'pending'),
            sql`${webhookDeliveries.id} <> ${row.id}`,
          ),
        )
      if (!givenUp) {
        await tx.update(webhookDeliveries).set({ state: 'failed' }).where(eq(webhookDeliveries.id, row.id))
      }
      const [owner] = await tx
        .select({ name: users.name, email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, disabled.userId))
      if (!owner) return
      const language = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE
      await enqueueMail(tx, 'webhook-disabled', [
        disabledMail(owner, language, {
          url: disabled.url,
          attempts: counted.failures,
          error: attempt.error,
          link: `${this.options.appUrl}/account/settings`,
        }),
      ])
      this.options.log.warn({ webhook: row.webhook_id }, 'webhooks: turned off after repeated failure')
    })
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function disabledMail(
  owner: { name: string; email: string },
  language: Language,
  facts: { url: string; attempts: number; error: string; link: string },
) {
  const t = (text: string) => translateMessage(text, language)
  const lines = [
    t(msg('server.webhooks.mail.greeting', { name: owner.name })),
    t(msg('server.webhooks.mail.disabled', { url: facts.url, attempts: facts.attempts })),
    t(msg('server.webhooks.mail.lastError', { error: facts.error })),
    t(msg('server.webhooks.mail.howToEnable', { link: facts.link })),
  ]
  return {
    to: owner.email,
    subject: t(msg('server.webhooks.mail.subject')),
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  }
}
