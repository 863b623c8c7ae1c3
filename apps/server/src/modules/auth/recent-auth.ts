import { msg } from '@teplo/domain'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { users } from '../users/users.tables.ts'
import { reauthentications } from './auth.tables.ts'

/** How long a password confirmed in a session vouches for that session's next sensitive actions. */
export const RECENT_AUTH_SECONDS = 5 * 60

export const REAUTHENTICATION_REQUIRED = msg('server.auth.confirmPassword')

export const WRONG_CURRENT_PASSWORD = msg('server.auth.wrongCurrentPassword')

export async function checkPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) throw notFound()
  return verifyPassword(password, user.passwordHash)
}

/** 422 on `current_password` unless it is the user's password. */
export async function requireCurrentPassword(db: Database, userId: number, password: string): Promise<void> {
  if (!(await checkPassword(db, userId, password)))
    throw invalidField('current_password', WRONG_CURRENT_PASSWORD)
}

export type SessionRef = { userId: number; tokenId: number }

/** Remembers that this session has just proven the account's password (check-password, current_password). */
export async function recordReauthentication(db: Database, tokenId: number, now = new Date()): Promise<void> {
  await db
    .insert(reauthentications)
    .values({ tokenId, confirmedAt: now })
    .onConflictDoUpdate({ target: reauthentications.tokenId, set: { confirmedAt: now } })
}

export async function hasRecentAuthentication(db: Database, tokenId: number, now = new Date()) {
  const since = new Date(now.getTime() - RECENT_AUTH_SECONDS * 1000)
  const [row] = await db
    .select({ tokenId: reauthentications.tokenId })
    .from(reauthentications)
    .where(and(eq(reauthentications.tokenId, tokenId), gt(reauthentications.confirmedAt, since)))
    .limit(1)
  return Boolean(row)
}

/**
 * The guard of actions that would let a stolen session take the account over (the e-mail, deleting the account,
 * and later two-factor and API tokens): the current password in the same request (422 on `current_password` when
 * wrong), or a password confirmed in this session within RECENT_AUTH_SECONDS (403 otherwise).
 */
export async function requireRecentAuthentication(
  db: Database,
  session: SessionRef,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword !== undefined) {
    await requireCurrentPassword(db, session.userId, currentPassword)
    await recordReauthentication(db, session.tokenId)
    return
  }
  if (!(await hasRecentAuthentication(db, session.tokenId)))
    throw new HttpError(403, REAUTHENTICATION_REQUIRED)
}

/** POST /auth/check-password's check: true and remembered for the session when the password is right. */
export async function confirmPassword(db: Database, session: SessionRef, password: string): Promise<boolean> {
  if (!(await checkPassword(db, session.userId, password))) return false
  await recordReauthentication(db, session.tokenId)
  return true
}

type Authenticated = { auth: SessionRef | null }

/**
 * The same guard as a route's preValidation hook (after authentication, before the body is validated: a
 * caller without it learns nothing about the body), reading `current_password`
 * from the body when the route's schema has one:
 * `{ onRequest: app.authenticate, preValidation: recentAuthentication(app.db) }`.
 */
export function recentAuthentication(db: Database) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const session = (request as unknown as Authenticated).auth
    if (!session) throw new HttpError(401, msg('server.common.signInRequired'))
    const body = request.body as { current_password?: unknown } | null | undefined
    const password = typeof body?.current_password === 'string' ? body.current_password : undefined
    await requireRecentAuthentication(db, session, password)
  }
}
