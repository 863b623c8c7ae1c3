import { timingSafeEqual } from 'node:crypto'
import type { ClaimPreviewDocument, OwnerCodeDocument } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus, RemovedAccess } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { sha256, verificationCode } from '../../lib/secrets.ts'
import { recordAudit } from '../audit/item-audit.ts'
import { users } from '../users/users.tables.ts'
import { type Caller, ITEM_NOT_FOUND, itemFor } from './item-access.ts'
import type { ItemRow } from './item-document.ts'
import { losingAccess, moveOwnership } from './item-ownership.ts'
import {
  VERIFY_DEVICE_MAX_FAILURES,
  VERIFY_LOCK_MINUTES,
  VERIFY_MAX_FAILURES,
} from './item-verification.service.ts'
import { itemHandovers, items } from './items.tables.ts'
import type { PairingAttempts } from './pairing-attempts.ts'

// How long an owner code may be used; a new one replaces it at once.
export const OWNER_CODE_DAYS = 14
// Wrong owner codes are limited like pairing codes (see pairing-attempts.ts and ADR 024).
export const CLAIM_MAX_FAILURES = VERIFY_MAX_FAILURES
export const CLAIM_LOCK_MINUTES = VERIFY_LOCK_MINUTES
export const CLAIM_CODE_MAX_FAILURES = VERIFY_DEVICE_MAX_FAILURES

export const HANDOVER_MESSAGES = {
  notPaired: msg('server.items.handover.notConnected'),
  archived: msg('server.items.handover.archived'),
  wrongCode: (left: number) => msg('server.items.handover.wrongCode', { left }),
  lockedNow: msg('server.items.handover.lockedNow', { minutes: CLAIM_LOCK_MINUTES }),
  locked: (minutes: number) => msg('server.items.locked', { minutes }),
  alreadyYours: msg('server.items.alreadyYours'),
} as const

/** 8 characters of the pairing alphabet, shown as XXXX-XXXX. */
function newOwnerCode(): string {
  const code = verificationCode(8)
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

// Case, spaces and dashes as typed do not count.
const ownerCodeDigest = (code: string) => sha256(code.replace(/[\s-]/g, '').toUpperCase())

function digestsMatch(given: string, expectedDigest: string): boolean {
  const a = Buffer.from(ownerCodeDigest(given), 'hex')
  const b = Buffer.from(expectedDigest, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * A new owner code for a paired device, for whoever manages it (its installer, an administrator). It replaces any
 * earlier unused code of the device.
 */
export async function issueOwnerCode(
  db: Database,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<OwnerCodeDocument> {
  const { item } = await itemFor(db, caller, id, 'administer')
  if (item.status === 'archive') throw new HttpError(409, HANDOVER_MESSAGES.archived)
  if (item.status === 'pending') throw new HttpError(409, HANDOVER_MESSAGES.notPaired)
  const code = newOwnerCode()
  const expiresAt = new Date(now.getTime() + OWNER_CODE_DAYS * 86_400_000)
  const handover = await db.transaction(async (tx) => {
    await tx
      .delete(itemHandovers)
      .where(
        and(
          eq(itemHandovers.itemId, item.id),
          eq(itemHandovers.kind, 'owner'),
          isNull(itemHandovers.claimedAt),
        ),
      )
    const [row] = await tx
      .insert(itemHandovers)
      .values({
        itemId: item.id,
        kind: 'owner',
        codeHash: ownerCodeDigest(code),
        issuedBy: caller.userId,
        expiresAt,
      })
      .returning({ id: itemHandovers.id })
    return row
  })
  if (!handover) throw new Error('insert returned no row')
  return {
    data: {
      type: 'owner-codes',
      id: String(handover.id),
      attributes: { code, serial_number: item.serialNumber, expires_at: formatDate(expiresAt) },
    },
  }
}

export type ClaimAttempt = { serialNumber: string; code: string; address: string; caller: Caller }
export type ClaimOutcome =
  | { kind: 'claimed'; item: ItemRow; removed: RemovedAccess[] }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'locked'; until: Date }

/**
 * A signed-in account takes a paired device over with its serial and the installer's code. An unknown serial, a
 * device without a valid code and a wrong code answer alike, and each counts as a wrong try of this address.
 */
export async function claimItem(
  db: Database,
  events: AppEventBus,
  attempts: PairingAttempts,
  attempt: ClaimAttempt,
  now = new Date(),
): Promise<ClaimOutcome> {
  const { serialNumber, code, address, caller } = attempt
  const locked = attempts.lockedUntil(address, serialNumber)
  if (locked) return { kind: 'locked', until: locked }
  const outcome = await db.transaction(async (tx): Promise<ClaimOutcome> => {
    const [item] = await tx.select().from(items).where(eq(items.serialNumber, serialNumber)).for('update')
    const [handover] = item
      ? await tx
          .select()
          .from(itemHandovers)
          .where(
            and(
              eq(itemHandovers.itemId, item.id),
              eq(itemHandovers.kind, 'owner'),
              isNull(itemHandovers.claimedAt),
              gt(itemHandovers.expiresAt, now),
            ),
          )
          .limit(1)
      : []
    if (!item || !handover || !digestsMatch(code, handover.codeHash)) {
      if (handover) {
        // Guessing spread over many addresses voids the code; the installer issues a new one.
        const failures = handover.failures + 1
        await tx
          .update(itemHandovers)
          .set(failures >= CLAIM_CODE_MAX_FAILURES ? { failures, expiresAt: now } : { failures })
          .where(eq(itemHandovers.id, handover.id))
      }
      return { kind: 'wrong', attemptsLeft: attempts.failed(address, serialNumber) }
    }
    if (item.status === 'archive') throw new HttpError(409, HANDOVER_MESSAGES.archived)
    if (item.userId === caller.userId) throw new HttpError(409, HANDOVER_MESSAGES.alreadyYours)
    await tx
      .update(itemHandovers)
      .set({ claimedBy: caller.userId, claimedAt: now })
      .where(eq(itemHandovers.id, handover.id))
    const moved = await transferItem(tx, item, caller.userId, now)
    return { kind: 'claimed', item: moved.item, removed: moved.removed }
  })
  if (outcome.kind === 'claimed') {
    attempts.succeeded(serialNumber)
    announceHandover(events, outcome)
  }
  return outcome
}

export type ClaimPreviewOutcome =
  | { kind: 'preview'; document: ClaimPreviewDocument }
  | Exclude<ClaimOutcome, { kind: 'claimed' }>

/**
 * What a serial and owner code would hand over, and who would lose access (ADR 033), for the new owner to read
 * before claiming. Only a right code reveals anything; a wrong one counts as a wrong try exactly like a claim. The
 * code stays unused.
 */
export async function previewClaim(
  db: Database,
  attempts: PairingAttempts,
  attempt: ClaimAttempt,
  now = new Date(),
): Promise<ClaimPreviewOutcome> {
  const { serialNumber, code, address, caller } = attempt
  const locked = attempts.lockedUntil(address, serialNumber)
  if (locked) return { kind: 'locked', until: locked }
  const [item] = await db.select().from(items).where(eq(items.serialNumber, serialNumber))
  const [handover] = item
    ? await db
        .select()
        .from(itemHandovers)
        .where(
          and(
            eq(itemHandovers.itemId, item.id),
            eq(itemHandovers.kind, 'owner'),
            isNull(itemHandovers.claimedAt),
            gt(itemHandovers.expiresAt, now),
          ),
        )
        .limit(1)
    : []
  if (!item || !handover || !digestsMatch(code, handover.codeHash)) {
    if (handover) {
      const failures = handover.failures + 1
      await db
        .update(itemHandovers)
        .set(failures >= CLAIM_CODE_MAX_FAILURES ? { failures, expiresAt: now } : { failures })
        .where(eq(itemHandovers.id, handover.id))
    }
    return { kind: 'wrong', attemptsLeft: attempts.failed(address, serialNumber) }
  }
  if (item.status === 'archive') throw new HttpError(409, HANDOVER_MESSAGES.archived)
  if (item.userId === caller.userId) throw new HttpError(409, HANDOVER_MESSAGES.alreadyYours)
  return {
    kind: 'preview',
    document: {
      data: {
        type: 'claim-previews',
        id: item.serialNumber,
        attributes: {
          item_name: item.name,
          serial_number: item.serialNumber,
          losing_access: await losingAccess(db, item.id, { userId: caller.userId }),
        },
      },
    },
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** A device handed on, and who lost access to it: announced after the commit (`announceHandover`). */
export type Handover = { item: ItemRow; removed: RemovedAccess[] }

/**
 * The device moves to `newOwnerId` (an owner code typed, an e-mailed offer accepted): its owner name follows the
 * account, every share and offer of the previous household ends (ADR 033), and the change log says so. Runs in the
 * caller's transaction, the item row locked.
 */
export async function transferItem(
  tx: Transaction,
  item: ItemRow,
  newOwnerId: number,
  now = new Date(),
): Promise<Handover> {
  const [account] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, newOwnerId))
  const [moved] = await tx
    .update(items)
    .set({ userId: newOwnerId, owner: account?.name ?? item.owner, updatedAt: now })
    .where(eq(items.id, item.id))
    .returning()
  if (!moved) throw notFound(ITEM_NOT_FOUND)
  await recordAudit(
    tx,
    {
      itemId: item.id,
      actorId: newOwnerId,
      action: 'handover',
      changes: {
        user_id: { from: item.userId, to: newOwnerId },
        owner: { from: item.owner, to: moved.owner },
      },
      subject: account ? { email: account.email, access: 'owner' } : undefined,
    },
    now,
  )
  const removed = await moveOwnership(tx, item, newOwnerId, newOwnerId, now)
  return { item: moved, removed }
}

/**
 * After the commit of a handover: browsers showing the device (and the caches of every instance) hear `item.updated`
 * — a removed person's live stream ends with `revoked` — and each removed person is told by e-mail.
 */
export function announceHandover(events: AppEventBus, handover: Handover): void {
  events.emit('item.updated', { itemId: handover.item.id })
  if (handover.removed.length === 0) return
  events.emit('item.handed-over', {
    itemId: handover.item.id,
    itemName: handover.item.name,
    removed: handover.removed,
  })
}

/** The error a failed claim answers, and how long the address waits (429 with Retry-After). */
export function claimFailure(outcome: Exclude<ClaimPreviewOutcome, { kind: 'preview' }>, now = new Date()) {
  if (outcome.kind === 'wrong') {
    const detail =
      outcome.attemptsLeft > 0
        ? HANDOVER_MESSAGES.wrongCode(outcome.attemptsLeft)
        : HANDOVER_MESSAGES.lockedNow
    return { error: invalidField('code', detail), retryAfterSeconds: null }
  }
  const seconds = Math.max(1, Math.ceil((outcome.until.getTime() - now.getTime()) / 1000))
  return {
    error: new HttpError(429, HANDOVER_MESSAGES.locked(Math.ceil(seconds / 60))),
    retryAfterSeconds: seconds,
  }
}
