import type { LoginTwoFactorData, TokenResponse } from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import { invalidField, unauthorized } from '../../lib/api-error.ts'
import { issueAccessToken } from '../auth/access-tokens.ts'
import type { SessionClient } from '../auth/session-client.ts'
import {
  CHALLENGE_INVALID,
  challengeFailed,
  findLoginChallenge,
  type PendingChallenge,
  takeLoginChallenge,
} from './login-challenges.ts'
import { PASSKEY_NOT_CONFIRMED, type RelyingParty, verifyPasskey } from './passkeys.service.ts'
import { spendRecoveryCode } from './recovery-codes.ts'
import { acceptTotpCode, WRONG_CODE } from './totp.service.ts'

/** The account a challenge signs in; 401 when it is unknown, expired or spent (sign in with the password again). */
export async function pendingChallenge(db: Database, challenge: string): Promise<PendingChallenge> {
  const pending = await findLoginChallenge(db, challenge)
  if (!pending) throw unauthorized(CHALLENGE_INVALID)
  return pending
}

/**
 * The second step of signing in: a TOTP code (six digits), one of the recovery codes, or a passkey. A wrong code is
 * a 422 on `code` (`passkey`) and costs the challenge an attempt; the right one spends the challenge and opens a session.
 */
export async function completeTwoFactorLogin(
  db: Database,
  rp: RelyingParty,
  pending: PendingChallenge,
  input: LoginTwoFactorData,
  client: SessionClient,
): Promise<TokenResponse> {
  if (input.passkey) {
    const userId = await verifyPasskey(db, rp, 'second-factor', input.passkey, pending.userId)
    if (userId === null) {
      await challengeFailed(db, input.challenge_token)
      throw invalidField('passkey', PASSKEY_NOT_CONFIRMED)
    }
  } else {
    const code = (input.code ?? '').trim()
    const valid = /^\d{6}$/.test(code)
      ? await acceptTotpCode(db, pending.userId, code)
      : await spendRecoveryCode(db, pending.userId, code)
    if (!valid) {
      await challengeFailed(db, input.challenge_token)
      throw invalidField('code', WRONG_CODE)
    }
  }
  if (!(await takeLoginChallenge(db, input.challenge_token))) throw unauthorized(CHALLENGE_INVALID)
  return issueAccessToken(db, pending.userId, pending.remember, client)
}
