import {
  effectiveRole,
  type LoginResponse,
  msg,
  type RecoveryCodesDocument,
  type TokenResponse,
  type TotpSetupDocument,
  type TwoFactorMethod,
  type TwoFactorStatus,
} from '@teplo/domain'
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { rolesOfUser } from '../users/user-roles.ts'
import { users } from '../users/users.tables.ts'
import { issueLoginChallenge } from './login-challenges.ts'
import { passkeyCount } from './passkeys.service.ts'
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts'
import { newTotpSecret, totpStep, totpUri } from './totp.ts'
import { loginChallenges, recoveryCodes, totpSecrets } from './two-factor.tables.ts'
import { STAFF_ROLES, twoFactorRequired } from './two-factor-policy.ts'

export const TOTP_ALREADY_ON = msg('server.twoFactor.alreadyOn')
export const TOTP_NOT_STARTED = msg('server.twoFactor.startFirst')
export const WRONG_CODE = msg('server.twoFactor.wrongCode')

async function totpRow(db: Database, userId: number) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1)
  return row
}

/**
 * A new secret for the account's authenticator app; not asked for at sign-in until a code from it is confirmed.
 * Starting again replaces a secret that was never confirmed; one in force stays until turned off (409).
 */
export async function startTotpSetup(db: Database, userId: number): Promise<TotpSetupDocument> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw notFound()
  const secret = newTotpSecret()
  const [saved] = await db
    .insert(totpSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, lastStep: null, createdAt: new Date() },
      setWhere: isNull(totpSecrets.enabledAt),
    })
    .returning({ userId: totpSecrets.userId })
  if (!saved) throw new HttpError(409, TOTP_ALREADY_ON)
  return { meta: { uri: totpUri(secret, user.email), secret } }
}

/** The first right code turns TOTP on and answers ten recovery codes, shown only this once. */
export async function confirmTotp(
  db: Database,
  events: AppEventBus,
  userId: number,
  code: string,
): Promise<RecoveryCodesDocument> {
  const row = await totpRow(db, userId)
  if (!row) throw new HttpError(409, TOTP_NOT_STARTED)
  if (row.enabledAt) throw new HttpError(409, TOTP_ALREADY_ON)
  const step = totpStep(row.secret, code)
  if (step === null) throw invalidField('code', WRONG_CODE)
  const codes = await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(totpSecrets)
      .set({ enabledAt: new Date(), lastStep: step })
      .where(
        and(
          eq(totpSecrets.userId, userId),
          isNull(totpSecrets.enabledAt),
          eq(totpSecrets.secret, row.secret),
        ),
      )
      .returning({ userId: totpSecrets.userId })
    // Confirmed twice at once, or set up anew meanwhile: the other request decides.
    if (!enabled) throw new HttpError(409, TOTP_ALREADY_ON)
    return replaceRecoveryCodes(tx, userId)
  })
  // Remembered sessions learn the account has a second factor (the administrators' rule, ADR 041).
  events.emit('user.access-changed', { userId })
  return { meta: { recovery_codes: codes } }
}

/** Turns TOTP off: the secret and the recovery codes go, and challenges waiting for a code die. */
export async function disableTotp(db: Database, events: AppEventBus, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpSecrets)
      .where(eq(totpSecrets.userId, userId))
      .returning({ enabledAt: totpSecrets.enabledAt })
    if (!removed[0]?.enabledAt) throw new HttpError(409, msg('server.twoFactor.notOn'))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId))
  })
  events.emit('user.access-changed', { userId })
}

async function hasTotp(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.enabledAt)))
    .limit(1)
  return Boolean(row)
}

/** The second factors sign-in asks this account for (any one of them), TOTP first; empty: the password is enough. */
export async function secondFactors(db: Database, userId: number): Promise<TwoFactorMethod[]> {
  const [totp, keys] = await Promise.all([hasTotp(db, userId), passkeyCount(db, userId)])
  return [...(totp ? (['totp'] as const) : []), ...(keys > 0 ? (['passkey'] as const) : [])]
}

export async function twoFactorStatus(db: Database, userId: number): Promise<TwoFactorStatus> {
  const [totp, keys, policy, roleRefs] = await Promise.all([
    hasTotp(db, userId),
    passkeyCount(db, userId),
    twoFactorRequired(db),
    rolesOfUser(db, userId),
  ])
  return {
    enabled: totp || keys > 0,
    totp,
    recovery_codes_left: totp ? await recoveryCodesLeft(db, userId) : 0,
    passkeys: keys,
    required: policy && STAFF_ROLES.includes(effectiveRole(roleRefs)),
  }
}

/** The password was right: a session, or a challenge when the account has a second factor. */
export async function afterPassword(
  db: Database,
  userId: number,
  remember: boolean,
  openSession: () => Promise<TokenResponse>,
): Promise<LoginResponse> {
  const [first, ...rest] = await secondFactors(db, userId)
  return first ? issueLoginChallenge(db, userId, remember, [first, ...rest]) : openSession()
}

/**
 * Accepts a TOTP code of the account once: its time step must be later than the last one accepted, checked and
 * written in one statement, so the same code (or an earlier one) never works twice, on any instance.
 */
export async function acceptTotpCode(db: Database, userId: number, code: string): Promise<boolean> {
  const row = await totpRow(db, userId)
  if (!row?.enabledAt) return false
  const step = totpStep(row.secret, code)
  if (step === null) return false
  const accepted = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpSecrets.userId, userId),
        isNotNull(totpSecrets.enabledAt),
        or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step)),
      ),
    )
    .returning({ userId: totpSecrets.userId })
  return accepted.length > 0
}
