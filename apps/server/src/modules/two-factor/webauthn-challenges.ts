import { and, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { webauthnChallenges } from './two-factor.tables.ts'

/** A WebAuthn ceremony: the browser's prompt stays open at most this long. */
export const WEBAUTHN_TIMEOUT_SECONDS = 120

export type WebauthnPurpose = 'register' | 'login' | 'second-factor'

/** Remembers a challenge the browser is about to sign (single use, WEBAUTHN_TIMEOUT_SECONDS). */
export async function rememberWebauthnChallenge(
  db: Database,
  challenge: string,
  purpose: WebauthnPurpose,
  userId: number | null,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()))
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + WEBAUTHN_TIMEOUT_SECONDS * 1000),
  })
}

/** The challenge inside a browser's answer (clientDataJSON), or null when it is not readable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown
    }
    return typeof data.challenge === 'string' && data.challenge.length <= 512 ? data.challenge : null
  } catch {
    return null
  }
}

/**
 * Takes the challenge a browser answered (gone after this, whatever the answer): the account it was issued for
 * (null for a sign-in without a password), or undefined when it is unknown, expired, spent or for another purpose.
 */
export async function takeWebauthnChallenge(
  db: Database,
  challenge: string | null,
  purpose: WebauthnPurpose,
): Promise<{ userId: number | null } | undefined> {
  if (!challenge) return undefined
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: webauthnChallenges.userId })
  return row
}
