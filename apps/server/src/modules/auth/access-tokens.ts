import type { TokenResponse } from '@teplo/domain'
import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { tokens } from './auth.tables.ts'
import type { SessionClient } from './session-client.ts'

export const REMEMBERED_TTL_SECONDS = 30 * 24 * 3600
export const SESSION_TTL_SECONDS = 12 * 3600

// Remember-me decides the lifetime: a month on a trusted device, half a day otherwise.
export async function issueAccessToken(
  db: Database,
  userId: number,
  remember: boolean,
  client?: SessionClient,
): Promise<TokenResponse> {
  const ttl = remember ? REMEMBERED_TTL_SECONDS : SESSION_TTL_SECONDS
  const secret = generateSecret()
  await db.insert(tokens).values({
    userId,
    kind: 'access',
    tokenHash: sha256(secret),
    expiresAt: new Date(Date.now() + ttl * 1000),
    userAgent: client?.userAgent ?? null,
    createdAddress: client?.address ?? null,
  })
  return { token_type: 'Bearer', expires_in: ttl, access_token: secret }
}

/** Signs one session out; every instance stops honouring the token at once (ADR 020). */
export async function revokeToken(
  db: Database,
  events: AppEventBus,
  session: { userId: number; tokenId: number },
): Promise<void> {
  await db.update(tokens).set({ revokedAt: new Date() }).where(eq(tokens.id, session.tokenId))
  events.emit('user.access-changed', { userId: session.userId })
}

export async function revokeUserTokens(db: Database, userId: number, kind: 'access' | 'password_reset') {
  await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), isNull(tokens.revokedAt)))
}
