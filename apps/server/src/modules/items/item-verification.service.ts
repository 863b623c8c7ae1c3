import { timingSafeEqual } from 'node:crypto'
import type { BrokerLocation, DeviceCredentialsDocument, VerificationStatus } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { generateSecret, sha256, verificationCode } from '../../lib/secrets.ts'
import { accessOf, type Caller, can, ITEM_NOT_FOUND, itemFor, shareLevel } from './item-access.ts'
import type { ItemRow } from './item-document.ts'
import { items } from './items.tables.ts'
import type { PairingAttempts } from './pairing-attempts.ts'

// Wrong codes one address may send for one serial before it waits VERIFY_LOCK_MINUTES (see pairing-attempts.ts).
export const VERIFY_MAX_FAILURES = 5
export const VERIFY_LOCK_MINUTES = 15
// Wrong codes from all addresses together before the serial itself waits: guessing spread over many addresses.
export const VERIFY_DEVICE_MAX_FAILURES = 50
// How long a lost credentials answer can be fetched again with the code just proved (a fresh secret each time).
export const CREDENTIALS_REFETCH_MINUTES = 10

export const VERIFY_MESSAGES = {
  unknownSerial: msg('server.items.verification.serialNotFound'),
  alreadyVerified: msg('server.items.verification.alreadyVerified'),
  archived: msg('server.items.verification.archived'),
  wrongCode: (left: number) => msg('server.items.verification.wrongCode', { left }),
  lockedNow: msg('server.items.verification.lockedNow', { minutes: VERIFY_LOCK_MINUTES }),
  locked: (minutes: number) => msg('server.items.locked', { minutes }),
  notVerifiedYet: msg('server.items.verification.notVerifiedYet'),
  brokerUnavailable: msg('server.items.verification.brokerUnavailable'),
} as const

export const deviceTopicPrefix = (serialNumber: string) => `teplo/v1/devices/${serialNumber}`

const lockedUntil = (item: ItemRow, now: Date) =>
  item.verifyLockedUntil && item.verifyLockedUntil > now ? item.verifyLockedUntil : null

// What a controller holding the serial needs before pairing: whether it awaits a code. Unknown, verified and
// archived serials answer alike, so the call does not tell strangers which serials exist or their state.
export async function verificationStatus(db: Database, serialNumber: string) {
  const [item] = await db
    .select({ status: items.status, code: items.verificationToken })
    .from(items)
    .where(eq(items.serialNumber, serialNumber))
    .limit(1)
  // A verified device with a new pairing code awaits it too (re-pairing).
  const status: VerificationStatus =
    item && item.status !== 'archive' && item.code ? 'pending' : 'unavailable'
  return { meta: { serial_number: serialNumber, status } }
}

// The digest of a code as typed (case and surrounding spaces do not count).
const codeDigest = (code: string) => sha256(code.trim().toUpperCase())

// Digests have one length whatever was typed, so the comparison time says nothing about the code.
function digestsMatch(given: string, expectedDigest: string): boolean {
  const a = Buffer.from(codeDigest(given), 'hex')
  const b = Buffer.from(expectedDigest, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

// The code proved last, while its answer may still be fetched again; null otherwise.
function refetchableDigest(item: ItemRow, now: Date): string | null {
  if (!item.pairedCodeHash || !item.pairedAt) return null
  const age = now.getTime() - item.pairedAt.getTime()
  return age >= 0 && age < CREDENTIALS_REFETCH_MINUTES * 60_000 ? item.pairedCodeHash : null
}

export type VerifyOutcome =
  | { kind: 'verified'; item: ItemRow; secret: string }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'locked'; until: Date }

// Thrown by the route after the attempt is recorded; carries how long the serial stays locked.
export function verifyFailure(outcome: Exclude<VerifyOutcome, { kind: 'verified' }>, now = new Date()) {
  if (outcome.kind === 'wrong') {
    const detail =
      outcome.attemptsLeft > 0 ? VERIFY_MESSAGES.wrongCode(outcome.attemptsLeft) : VERIFY_MESSAGES.lockedNow
    return { error: invalidField('token', detail), retryAfterSeconds: null }
  }
  const seconds = Math.max(1, Math.ceil((outcome.until.getTime() - now.getTime()) / 1000))
  return {
    error: new HttpError(429, VERIFY_MESSAGES.locked(Math.ceil(seconds / 60))),
    retryAfterSeconds: seconds,
  }
}

// Announced after the commit: the device link then gives the item its first desired settings version.
export type VerifyAttempt = {
  serialNumber: string
  token: string
  /** The caller's address: wrong codes are counted per address and serial. */
  address: string
  /** A signed-in caller who may manage the item (its installer, an administrator) is never locked out. */
  caller?: Caller | undefined
  /**
   * Gives the new secret to a broker that keeps its own device accounts, inside the transaction: if the broker
   * cannot take it, nothing changes and the controller is told to try again (503).
   */
  provision?: ((serialNumber: string, secret: string) => Promise<void>) | undefined
}

export async function verifyToken(
  db: Database,
  events: AppEventBus,
  attempts: PairingAttempts,
  attempt: VerifyAttempt,
  now = new Date(),
): Promise<VerifyOutcome> {
  const outcome = await attemptVerification(db, attempts, attempt, now)
  if (outcome.kind === 'verified') {
    events.emit('item.verified', { itemId: outcome.item.id, serialNumber: outcome.item.serialNumber })
    events.emit('item.updated', { itemId: outcome.item.id })
  }
  return outcome
}

// The row is locked for the attempt so that parallel guesses cannot slip past the failure counter.
function attemptVerification(db: Database, attempts: PairingAttempts, attempt: VerifyAttempt, now: Date) {
  const { serialNumber, token, address, caller } = attempt
  return db.transaction(async (tx): Promise<VerifyOutcome> => {
    const [item] = await tx.select().from(items).where(eq(items.serialNumber, serialNumber)).for('update')
    if (!item) throw notFound(VERIFY_MESSAGES.unknownSerial)
    if (item.status === 'archive') throw new HttpError(409, VERIFY_MESSAGES.archived)
    // The current code (first pairing or re-pairing), or the one just proved while its answer may be fetched again.
    const expected = item.verificationToken
      ? codeDigest(item.verificationToken)
      : refetchableDigest(item, now)
    if (!expected) throw new HttpError(409, VERIFY_MESSAGES.alreadyVerified)
    const access = caller ? accessOf(caller, item, await shareLevel(tx, item.id, caller.userId)) : null
    const installer = caller !== undefined && can(caller, access, 'register')
    const locked = installer ? null : (attempts.lockedUntil(address, serialNumber) ?? lockedUntil(item, now))
    if (locked) return { kind: 'locked' as const, until: locked }

    if (!digestsMatch(token, expected)) {
      const failures = item.verifyFailures + 1
      const lockDevice = failures >= VERIFY_DEVICE_MAX_FAILURES
      await tx
        .update(items)
        .set({
          verifyFailures: lockDevice ? 0 : failures,
          verifyLockedUntil: lockDevice ? new Date(now.getTime() + VERIFY_LOCK_MINUTES * 60_000) : null,
        })
        .where(eq(items.id, item.id))
      return { kind: 'wrong' as const, attemptsLeft: attempts.failed(address, serialNumber) }
    }
    attempts.succeeded(serialNumber)

    const secret = generateSecret()
    const [verified] = await tx
      .update(items)
      .set({
        // Not 'on' yet: the controller has proved the code but has not connected with the new secret. The old
        // secret stops working now (the device link also closes a connection made with it).
        status: 'connecting',
        verificationToken: null,
        pairedCodeHash: item.verificationToken ? expected : item.pairedCodeHash,
        pairedAt: item.verificationToken ? now : item.pairedAt,
        verifyFailures: 0,
        verifyLockedUntil: null,
        deviceSecretHash: sha256(secret),
        // A controller that proves a code is a real one: a demo boiler paired with it is no longer simulated.
        simulated: false,
        // A new secret: a second controller with the old one cannot log in, clone detection starts again.
        identityBootIds: null,
        identityTakeovers: 0,
        identityTakeoverAt: null,
        updatedAt: now,
      })
      .where(eq(items.id, item.id))
      .returning()
    if (!verified) throw notFound(VERIFY_MESSAGES.unknownSerial)
    if (attempt.provision) {
      try {
        await attempt.provision(verified.serialNumber, secret)
      } catch {
        throw new HttpError(503, VERIFY_MESSAGES.brokerUnavailable)
      }
    }
    return { kind: 'verified' as const, item: verified, secret }
  })
}

export function credentialsDocument(
  item: ItemRow,
  secret: string,
  broker: BrokerLocation,
): DeviceCredentialsDocument {
  return {
    data: {
      type: 'device-credentials',
      id: item.serialNumber,
      attributes: {
        username: item.serialNumber,
        password: secret,
        topic_prefix: deviceTopicPrefix(item.serialNumber),
        broker,
      },
    },
  }
}

/**
 * A new pairing code for a verified device (re-pairing after a factory reset or a lost secret), for its owner or
 * an administrator. The device keeps working with its current secret until a controller proves the new code.
 */
export async function newPairingCode(db: Database, events: AppEventBus, caller: Caller, id: number) {
  const { item, access } = await itemFor(db, caller, id, 'service')
  if (item.status === 'archive') throw new HttpError(409, VERIFY_MESSAGES.archived)
  if (item.status === 'pending') throw new HttpError(409, VERIFY_MESSAGES.notVerifiedYet)
  const code = verificationCode()
  const [updated] = await db
    .update(items)
    .set({ verificationToken: code, verifyFailures: 0, verifyLockedUntil: null, updatedAt: new Date() })
    .where(eq(items.id, item.id))
    .returning()
  if (!updated) throw notFound(ITEM_NOT_FOUND)
  events.emit('item.updated', { itemId: updated.id })
  return { code, item: updated, access }
}
