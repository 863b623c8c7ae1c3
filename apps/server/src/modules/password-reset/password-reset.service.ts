import { LIMITS, type LoginResponse, msg } from '@teplo/domain'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { issueAccessToken, revokeUserTokens } from '../auth/access-tokens.ts'
import { normalizeEmail } from '../auth/auth.service.ts'
import { tokens } from '../auth/auth.tables.ts'
import type { SessionClient } from '../auth/session-client.ts'
import { afterPassword } from '../two-factor/totp.service.ts'
import { users } from '../users/users.tables.ts'
import { resetLink, resetMail } from './reset-mail.ts'

export const RESET_TOKEN_LIFETIME_MINUTES = LIMITS.resetTokenLifetimeMinutes
export const INVALID_RESET_TOKEN = msg('server.passwordReset.linkInvalid')

export type ResetRequest = { email: string; redirectUrl: string }

// Issues a single-use reset token and mails the link; an unknown e-mail quietly does nothing.
export async function requestPasswordReset(db: Database, mailer: Mailer, input: ResetRequest): Promise<void> {
  const email = normalizeEmail(input.email)
  const [user] = await db
    .select({ id: users.id, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
  if (!user) return
  const secret = generateSecret()
  await db.transaction(async (tx) => {
    await revokeUserTokens(tx, user.id, 'password_reset')
    await tx.insert(tokens).values({
      userId: user.id,
      kind: 'password_reset',
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MINUTES * 60_000),
    })
  })
  const link = resetLink(input.redirectUrl, secret, email)
  await mailer.send(resetMail(email, user.name, link, RESET_TOKEN_LIFETIME_MINUTES, user.language))
}

export type ResetInput = { email: string; token: string; password: string }

// Sets the new password, spends the token, ends every session and signs the user in afresh.
export async function resetPassword(
  db: Database,
  events: AppEventBus,
  input: ResetInput,
  client?: SessionClient,
): Promise<LoginResponse> {
  const [row] = await db
    .select({ userId: users.id, tokenId: tokens.id })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(
      and(
        eq(users.email, normalizeEmail(input.email)),
        eq(tokens.kind, 'password_reset'),
        eq(tokens.tokenHash, sha256(input.token)),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
  if (!row) throw invalidField('token', INVALID_RESET_TOKEN)
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    // Conditional on revoked_at so that two concurrent resets cannot both spend one token.
    const [spent] = await tx
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(tokens.id, row.tokenId), isNull(tokens.revokedAt)))
      .returning({ id: tokens.id })
    if (!spent) throw invalidField('token', INVALID_RESET_TOKEN)
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId))
    await revokeUserTokens(tx, row.userId, 'access')
    await revokeUserTokens(tx, row.userId, 'password_reset')
  })
  events.emit('user.access-changed', { userId: row.userId })
  // The mailbox proves the password, not the second factor: with two-factor sign-in on, a code is still owed.
  return afterPassword(db, row.userId, true, () => issueAccessToken(db, row.userId, true, client))
}
