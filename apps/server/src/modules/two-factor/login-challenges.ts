import type { TwoFactorChallenge, TwoFactorMethod } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { users } from '../users/users.tables.ts'
import { loginChallenges } from './two-factor.tables.ts'

/** A password proven waits this long for its second factor. */
export const CHALLENGE_TTL_SECONDS = 5 * 60
/** Wrong codes one challenge takes before it dies (then the password again, which the throttle counts too). */
export const CHALLENGE_MAX_ATTEMPTS = 5

export const CHALLENGE_INVALID = msg('server.twoFactor.challengeExpired')

export async function issueLoginChallenge(
  db: Database,
  userId: number,
  remember: boolean,
  methods: [TwoFactorMethod, ...TwoFactorMethod[]],
): Promise<TwoFactorChallenge> {
  const challenge = generateSecret()
  // Challenges nobody completed are swept as new ones are issued.
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()))
  await db.insert(loginChallenges).values({
    challengeHash: sha256(challenge),
    userId,
    remember,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  })
  return {
    meta: { two_factor: methods[0], methods, challenge_token: challenge, expires_in: CHALLENGE_TTL_SECONDS },
  }
}

export type PendingChallenge = { userId: number; email: string; remember: boolean }

/** The account a live challenge signs in, or null (unknown, expired, spent, or out of attempts). */
export async function findLoginChallenge(db: Database, challenge: string): Promise<PendingChallenge | null> {
  const [row] = await db
    .select({ userId: loginChallenges.userId, email: users.email, remember: loginChallenges.remember })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(eq(loginChallenges.challengeHash, sha256(challenge)), gt(loginChallenges.expiresAt, new Date())),
    )
    .limit(1)
  return row ?? null
}

/** A wrong code: one attempt fewer; the challenge dies at the last. */
export async function challengeFailed(db: Database, challenge: string): Promise<void> {
  const hash = sha256(challenge)
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.challengeHash, hash))
    .returning({ attempts: loginChallenges.attempts })
  if (row && row.attempts >= CHALLENGE_MAX_ATTEMPTS)
    await db.delete(loginChallenges).where(eq(loginChallenges.challengeHash, hash))
}

/** Spends the challenge (single use): true for the one request that took it. */
export async function takeLoginChallenge(db: Database, challenge: string): Promise<boolean> {
  const taken = await db
    .delete(loginChallenges)
    .where(
      and(eq(loginChallenges.challengeHash, sha256(challenge)), gt(loginChallenges.expiresAt, new Date())),
    )
    .returning({ userId: loginChallenges.userId })
  return taken.length > 0
}
