import type { SessionListDocument, SessionResource } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { tokens } from './auth.tables.ts'
import type { SessionActivity } from './session-activity.ts'
import { describeUserAgent } from './user-agent.ts'

/** The session a request was made with. */
export type CurrentSession = { userId: number; tokenId: number }

const SESSION_NOT_FOUND = msg('server.auth.sessionNotFound')

const liveSessionsOf = (userId: number) =>
  and(
    eq(tokens.userId, userId),
    eq(tokens.kind, 'access'),
    isNull(tokens.revokedAt),
    gt(tokens.expiresAt, sql`now()`),
  )

/** The account's signed-in sessions, the one in use first, then by last use. */
export async function listSessions(
  db: Database,
  activity: SessionActivity,
  current: CurrentSession,
): Promise<SessionListDocument> {
  const rows = await db
    .select({
      id: tokens.id,
      userAgent: tokens.userAgent,
      createdAddress: tokens.createdAddress,
      lastAddress: tokens.lastAddress,
      lastUsedAt: tokens.lastUsedAt,
      createdAt: tokens.createdAt,
      expiresAt: tokens.expiresAt,
    })
    .from(tokens)
    .where(liveSessionsOf(current.userId))
    .orderBy(desc(sql`coalesce(${tokens.lastUsedAt}, ${tokens.createdAt})`), desc(tokens.id))
    .limit(500)
  const data = rows.map((row): SessionResource => {
    // A use this instance has not written yet is newer than the row.
    const unwritten = activity.unwritten(row.id)
    const lastUsedAt =
      unwritten && (!row.lastUsedAt || unwritten.at > row.lastUsedAt) ? unwritten.at : row.lastUsedAt
    const address =
      (unwritten?.at === lastUsedAt ? unwritten?.address : undefined) ?? row.lastAddress ?? row.createdAddress
    return {
      type: 'sessions',
      id: String(row.id),
      attributes: {
        ...describeUserAgent(row.userAgent),
        user_agent: row.userAgent,
        address: address ?? null,
        created_at: formatDate(row.createdAt),
        last_used_at: formatDate(lastUsedAt),
        expires_at: formatDate(row.expiresAt),
        current: row.id === current.tokenId,
      },
      links: { self: `/api/v2/me/sessions/${row.id}` },
    }
  })
  data.sort((a, b) => Number(b.attributes.current) - Number(a.attributes.current))
  return { data, meta: { total: data.length } }
}

/**
 * Signs one of the account's sessions out (the current one too: that is signing out). Every instance refuses
 * it from the next request on: `user.access-changed` drops the account's cached tokens everywhere (ADR 020).
 */
export async function endSession(
  db: Database,
  events: AppEventBus,
  current: CurrentSession,
  sessionId: number,
): Promise<void> {
  const ended = await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.id, sessionId), liveSessionsOf(current.userId)))
    .returning({ id: tokens.id })
  if (ended.length === 0) throw notFound(SESSION_NOT_FOUND)
  events.emit('user.access-changed', { userId: current.userId })
}

/** "Sign out everywhere else": every session of the account but this one ends. */
export async function endOtherSessions(
  db: Database,
  events: AppEventBus,
  current: CurrentSession,
): Promise<number> {
  const ended = await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(liveSessionsOf(current.userId), ne(tokens.id, current.tokenId)))
    .returning({ id: tokens.id })
  if (ended.length > 0) events.emit('user.access-changed', { userId: current.userId })
  return ended.length
}
