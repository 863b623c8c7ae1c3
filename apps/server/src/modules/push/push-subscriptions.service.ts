import { createECDH } from 'node:crypto'
import type { PushSubscriptionData, PushSubscriptionResource } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, asc, desc, eq, getTableColumns, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { pushSubscriptions } from './push.tables.ts'
import { checkPushEndpoint, type PushEndpointPolicy } from './push-endpoint.ts'

type Row = typeof pushSubscriptions.$inferSelect

/** A person has a few browsers; beyond this the oldest ones are dropped (each alarm is sent to every one). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20

function subscriptionResource(row: Row): PushSubscriptionResource {
  return {
    type: 'push-subscriptions',
    id: String(row.id),
    attributes: {
      endpoint: row.endpoint,
      user_agent: row.userAgent,
      created_at: formatDate(row.createdAt),
      last_success_at: formatDate(row.lastSuccessAt),
      failures: row.failures,
    },
    links: { self: `/api/v2/me/push-subscriptions/${row.id}` },
  }
}

function checkPublicKey(p256dh: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  try {
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'))
  } catch {
    throw invalidField('keys/p256dh', msg('server.push.badKey'))
  }
}

export async function listPushSubscriptions(db: Database, userId: number) {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id))
  return { data: rows.map(subscriptionResource) }
}

/**
 * Stores the browser's subscription for the caller. The same endpoint again updates the row (idempotent) and
 * binds it to the caller: a browser belongs to whoever signed in on it last.
 */
export async function savePushSubscription(
  db: Database,
  userId: number,
  input: PushSubscriptionData,
  userAgent: string | undefined,
  policy: PushEndpointPolicy,
) {
  await checkPushEndpoint(input.endpoint, policy)
  checkPublicKey(input.keys.p256dh)
  const values = {
    userId,
    p256dh: input.keys.p256dh.replace(/=+$/, ''),
    auth: input.keys.auth.replace(/=+$/, ''),
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
  }
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, failures: 0 } })
    // xmax is 0 on a row this statement inserted (PostgreSQL); a conflict's update sets it.
    .returning({ ...getTableColumns(pushSubscriptions), created: sql<boolean>`(xmax = 0)` })
  if (!row) throw new Error('push subscription was not stored')
  const { created, ...stored } = row
  if (created) await dropOldestBeyondLimit(db, userId)
  return { created, document: { data: subscriptionResource(stored) } }
}

async function dropOldestBeyondLimit(db: Database, userId: number) {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_USER)
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
}

/** Only the caller's own subscription; another's answers 404 exactly like a missing one. */
export async function deletePushSubscription(db: Database, userId: number, id: number) {
  const [deleted] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  if (!deleted) throw notFound()
}
