import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { PasskeyResource } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { users } from '../users/users.tables.ts'
import { passkeys } from './two-factor.tables.ts'
import {
  challengeOf,
  rememberWebauthnChallenge,
  takeWebauthnChallenge,
  WEBAUTHN_TIMEOUT_SECONDS,
  type WebauthnPurpose,
} from './webauthn-challenges.ts'

/** Where browsers sign: APP_URL's origin, its host (or PASSKEY_RP_ID) as the relying party. */
export type RelyingParty = { rpId: string; origin: string }

export const PASSKEY_NOT_CONFIRMED = msg('server.twoFactor.passkeyNotVerified')
const MAX_PASSKEYS = 20

type PasskeyRow = typeof passkeys.$inferSelect

function passkeyResource(row: PasskeyRow): PasskeyResource {
  return {
    type: 'passkeys',
    id: String(row.id),
    attributes: {
      name: row.name,
      created_at: formatDate(row.createdAt),
      last_used_at: row.lastUsedAt ? formatDate(row.lastUsedAt) : null,
    },
    links: { self: `/api/v2/me/passkeys/${row.id}` },
  }
}

const passkeysOf = (db: Database, userId: number) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id))

export async function listPasskeys(db: Database, userId: number) {
  const rows = await passkeysOf(db, userId)
  return { data: rows.map(passkeyResource), meta: { total: rows.length } }
}

export async function passkeyCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
  return row?.count ?? 0
}

/** Options for `navigator.credentials.create()`: a discoverable passkey, so it can sign in without an e-mail. */
export async function registrationOptions(db: Database, rp: RelyingParty, userId: number) {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw notFound()
  const existing = await passkeysOf(db, userId)
  const options = await generateRegistrationOptions({
    rpName: 'Teplo',
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: user.name,
    timeout: WEBAUTHN_TIMEOUT_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  await rememberWebauthnChallenge(db, options.challenge, 'register', userId)
  return { meta: { options: { ...options } } }
}

/** Keeps the passkey the browser made, once its answer proves the challenge of this account's ceremony. */
export async function addPasskey(
  db: Database,
  events: AppEventBus,
  rp: RelyingParty,
  userId: number,
  input: { response: RegistrationResponseJSON; name?: string },
) {
  const challenge = challengeOf(input.response.response.clientDataJSON)
  const taken = await takeWebauthnChallenge(db, challenge, 'register')
  if (!taken || taken.userId !== userId || !challenge) throw invalidField('response', PASSKEY_NOT_CONFIRMED)
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }))
  if (!verification.verified) throw invalidField('response', PASSKEY_NOT_CONFIRMED)
  if ((await passkeyCount(db, userId)) >= MAX_PASSKEYS)
    throw new HttpError(409, msg('server.twoFactor.tooManyPasskeys', { max: MAX_PASSKEYS }))
  const { credential } = verification.registrationInfo
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name || 'Ключ доступу',
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new HttpError(409, msg('server.twoFactor.passkeyExists'))
  events.emit('user.access-changed', { userId })
  return { data: passkeyResource(row) }
}

export async function removePasskey(
  db: Database,
  events: AppEventBus,
  userId: number,
  id: number,
): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
  if (removed.length === 0) throw notFound(msg('server.twoFactor.passkeyNotFound'))
  events.emit('user.access-changed', { userId })
}

/**
 * Options for `navigator.credentials.get()`: for one account's passkeys (the second factor), or for any
 * discoverable passkey of this site (sign-in without a password, `userId` null).
 */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  purpose: Exclude<WebauthnPurpose, 'register'>,
  userId: number | null,
) {
  const allowed = userId === null ? [] : await passkeysOf(db, userId)
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: WEBAUTHN_TIMEOUT_SECONDS * 1000,
    userVerification: purpose === 'login' ? 'required' : 'preferred',
    allowCredentials: allowed.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
  })
  await rememberWebauthnChallenge(db, options.challenge, purpose, userId)
  return { meta: { options: { ...options } } }
}

/**
 * The account a passkey's answer proves: its challenge must be one this server issued for `purpose` (and for
 * `userId` when given), its credential one of ours, its signature right. Null otherwise. Signing in without a
 * password asks the authenticator to have verified the person (PIN, fingerprint): it is both factors at once.
 */
export async function verifyPasskey(
  db: Database,
  rp: RelyingParty,
  purpose: Exclude<WebauthnPurpose, 'register'>,
  response: AuthenticationResponseJSON,
  userId: number | null,
): Promise<number | null> {
  const challenge = challengeOf(response.response.clientDataJSON)
  const taken = await takeWebauthnChallenge(db, challenge, purpose)
  if (!taken || !challenge || (userId !== null && taken.userId !== userId)) return null
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1)
  if (!row || (userId !== null && row.userId !== userId)) return null
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      counter: row.counter,
      transports: row.transports as AuthenticatorTransport[],
    },
    requireUserVerification: purpose === 'login',
  }).catch(() => ({ verified: false, authenticationInfo: undefined }))
  if (!verification.verified || !verification.authenticationInfo) return null
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, row.id))
  return row.userId
}
