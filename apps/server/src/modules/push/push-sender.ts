import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { Database } from '../../db/client.ts'
import { checkedPost } from '../../lib/checked-post.ts'
import { PrivateAddressError } from '../../lib/public-address.ts'
import { pushSubscriptions } from './push.tables.ts'
import { checkEndpointName, loopbackAllowed, type PushEndpointPolicy } from './push-endpoint.ts'
import type { VapidKeys } from './vapid-keys.ts'

/** What a notification shows: the service worker turns it into title, body, tag and the page opened on a tap. */
export type PushPayload = { title: string; body: string; url: string; tag: string }

export type PushSender = {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string
  /**
   * Sends to every browser of the user. A subscription the push service says is gone (404, 410) is removed;
   * other failures are counted on it. Throws when a delivery failed in a way that may pass (network, timeout,
   * 429, 5xx) so that the caller retries later; a refusal that will not pass (other 4xx) is only counted.
   * Answers how many browsers took the message (0: the user has none subscribed, or none took it).
   */
  sendPushToUser: (db: Database, userId: number, payload: PushPayload) => Promise<number>
  /** Where subscriptions may point and deliveries may go (ADR 045). */
  endpointPolicy: PushEndpointPolicy
}

export type PushSenderOptions = {
  keys: VapidKeys
  subject: string
  log: FastifyBaseLogger
  endpointPolicy: PushEndpointPolicy
  /** How long a push service may take to answer. */
  timeoutMs?: number
}

/** A delivery that may succeed later: the caller's outbox keeps the message and tries again. */
export class PushDeliveryError extends Error {
  constructor(readonly failed: number) {
    super(`web push: ${failed} delivery(ies) failed for now; retry later`)
  }
}

// An alarm still matters after a night with the phone off; older than a day it is history, shown in the app.
const TIME_TO_LIVE_SECONDS = 24 * 3600
// Push services accept 4 kB of encrypted payload; a long text is cut rather than refused.
const MAX_BODY_LENGTH = 1000
// A Topic header lets the push service replace a waiting message of the same tag (RFC 8030 §5.4).
const TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,32}$/

type Outcome = 'delivered' | 'gone' | 'transient' | 'refused'

/** An endpoint the policy does not let the server call (a private address, a host off the allow-list). */
class EndpointRefused extends Error {}

/** POSTs once, on a socket whose address was checked as it connected; redirects are answers, never followed. */
async function post(
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer },
  options: { policy: PushEndpointPolicy; timeoutMs: number },
): Promise<number> {
  const url = new URL(endpoint)
  const loopback = loopbackAllowed(endpoint, options.policy)
  if (!loopback) {
    // IP literals among them: a socket connects to one without a lookup.
    try {
      checkEndpointName(endpoint, options.policy)
    } catch {
      throw new EndpointRefused(`not a push service the server may call: ${url.host}`)
    }
  }
  try {
    return await checkedPost(url, {
      ...request,
      timeoutMs: options.timeoutMs,
      publicOnly: loopback ? null : options.policy.resolve,
    })
  } catch (err) {
    throw err instanceof PrivateAddressError ? new EndpointRefused(err.message) : err
  }
}

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'delivered'
  if (status === 404 || status === 410) return 'gone'
  if (status === 429 || status >= 500) return 'transient'
  return 'refused'
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { keys, subject, log, endpointPolicy } = options
  const timeoutMs = options.timeoutMs ?? 10_000
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }

  async function deliver(row: typeof pushSubscriptions.$inferSelect, message: string, topic?: string) {
    // web-push signs (VAPID) and encrypts (aes128gcm, RFC 8291); the request itself is sent here so that the
    // timeout, redirects and the answer are handled in one place.
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      message,
      { vapidDetails, TTL: TIME_TO_LIVE_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm', topic },
    )
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    )
    return post(request.endpoint, { headers, body: request.body }, { policy: endpointPolicy, timeoutMs })
  }

  async function sendPushToUser(db: Database, userId: number, payload: PushPayload): Promise<number> {
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    if (rows.length === 0) return 0
    const message = JSON.stringify({ ...payload, body: payload.body.slice(0, MAX_BODY_LENGTH) })
    const topic = TOPIC_PATTERN.test(payload.tag) ? payload.tag : undefined
    const outcomes = await Promise.all(
      rows.map(async (row) => {
        let outcome: Outcome
        let status: number | undefined
        try {
          status = await deliver(row, message, topic)
          outcome = outcomeOf(status)
        } catch (err) {
          if (err instanceof EndpointRefused) {
            // Not retried: the address will not become a push service by waiting (ADR 045).
            log.warn({ subscriptionId: row.id, reason: err.message }, 'web push: endpoint refused')
            outcome = 'refused'
          } else {
            log.warn({ err, subscriptionId: row.id }, 'web push: push service not reached')
            outcome = 'transient'
          }
        }
        const byId = eq(pushSubscriptions.id, row.id)
        if (outcome === 'delivered') {
          await db.update(pushSubscriptions).set({ lastSuccessAt: new Date(), failures: 0 }).where(byId)
        } else if (outcome === 'gone') {
          await db.delete(pushSubscriptions).where(byId)
        } else {
          if (status !== undefined) log.warn({ subscriptionId: row.id, status }, 'web push: delivery refused')
          await db
            .update(pushSubscriptions)
            .set({ failures: sql`${pushSubscriptions.failures} + 1` })
            .where(byId)
        }
        return outcome
      }),
    )
    const transient = outcomes.filter((outcome) => outcome === 'transient').length
    if (transient > 0) throw new PushDeliveryError(transient)
    return outcomes.filter((outcome) => outcome === 'delivered').length
  }

  return { publicKey: keys.publicKey, sendPushToUser, endpointPolicy }
}
