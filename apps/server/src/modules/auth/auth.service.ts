import {
  DEFAULT_LANGUAGE,
  type LoginInput,
  type LoginResponse,
  msg,
  type RegisterInput,
  type TokenResponse,
} from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { roles } from '../roles/roles.tables.ts'
import { afterPassword } from '../two-factor/totp.service.ts'
import { assertEmailFree, emailTaken } from '../users/user-input.ts'
import { userRoles, users } from '../users/users.tables.ts'
import { issueAccessToken } from './access-tokens.ts'
import type { SessionClient } from './session-client.ts'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The right password opens a session, or, with two-factor sign-in on, a challenge for the second factor. */
export async function login(db: Database, input: LoginInput, client?: SessionClient): Promise<LoginResponse> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)))
    .limit(1)
  // Compare against a dummy hash for unknown e-mails so timing does not reveal who is registered.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()))
  if (!user || !valid) throw new HttpError(401, msg('server.auth.wrongCredentials'))
  const remember = input.remember ?? true
  return afterPassword(db, user.id, remember, () => issueAccessToken(db, user.id, remember, client))
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * A new account and its first session; its address is not proven yet (the caller mails the link, ADR 034).
 * `within` runs in the account's own transaction (accepting the invitation it came through, ADR 048): if it
 * fails, no account is made.
 */
export async function register<T = undefined>(
  db: Database,
  input: RegisterInput,
  client?: SessionClient,
  within?: (tx: Transaction, userId: number) => Promise<T>,
): Promise<{ userId: number; token: TokenResponse; outcome: T | undefined }> {
  const email = normalizeEmail(input.email)
  await assertEmailFree(db, email)
  const passwordHash = await hashPassword(input.password)
  const { userId, outcome } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: input.name.trim(), email, passwordHash, language: input.language ?? DEFAULT_LANGUAGE })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (!created) throw emailTaken()
    const [userRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'user')).limit(1)
    if (userRole) await tx.insert(userRoles).values({ userId: created.id, roleId: userRole.id })
    return { userId: created.id, outcome: within ? await within(tx, created.id) : undefined }
  })
  return { userId, token: await issueAccessToken(db, userId, true, client), outcome }
}
