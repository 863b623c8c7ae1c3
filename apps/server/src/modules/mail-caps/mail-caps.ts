import { msg } from '@teplo/domain'
import { and, asc, count, eq, gt, lte } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import { mailRequests } from './mail-caps.tables.ts'

/** A cap on mail sent on request: at most `limit` of `kind` per key (an account, a client address) in the window. */
export type MailCap = { kind: string; limit: number; windowSeconds: number }

/** A 429 naming the cap, with Retry-After; the wait in seconds below 90 and in minutes above. */
export function mailCapReached(seconds: number): HttpError {
  const wait =
    seconds < 90
      ? msg('common.seconds', { count: seconds })
      : msg('common.minutes', { count: Math.ceil(seconds / 60) })
  return new HttpError(429, msg('server.mail.tooMany', { wait }), {
    retryAfterSeconds: seconds,
  })
}

export const DAY_SECONDS = 24 * 3600
export const HOUR_SECONDS = 3600

/**
 * Counts one more mail of `cap.kind` for `key`, or refuses with 429 and the wait until the oldest one in the
 * window drops out (Retry-After). Kept in the database, so the cap holds across instances; two requests racing
 * on two instances may both pass at the very edge, which a cap on mail volume tolerates.
 */
export async function takeMailAllowance(db: Database, cap: MailCap, key: string, now = new Date()) {
  const since = new Date(now.getTime() - cap.windowSeconds * 1000)
  const ofKey = and(eq(mailRequests.kind, cap.kind), eq(mailRequests.key, key))
  // What has left the window is of no more use.
  await db.delete(mailRequests).where(and(ofKey, lte(mailRequests.createdAt, since)))
  const [counted] = await db
    .select({ n: count() })
    .from(mailRequests)
    .where(and(ofKey, gt(mailRequests.createdAt, since)))
  if ((counted?.n ?? 0) >= cap.limit) {
    const [oldest] = await db
      .select({ at: mailRequests.createdAt })
      .from(mailRequests)
      .where(and(ofKey, gt(mailRequests.createdAt, since)))
      .orderBy(asc(mailRequests.createdAt))
      .limit(1)
    const freeAt = (oldest?.at.getTime() ?? now.getTime()) + cap.windowSeconds * 1000
    throw mailCapReached(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)))
  }
  await db.insert(mailRequests).values({ kind: cap.kind, key, createdAt: now })
}
