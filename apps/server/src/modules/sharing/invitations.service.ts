import { type AccessLevel, isShareLevel, msg } from '@teplo/domain'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { forbidden, HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { sha256 } from '../../lib/secrets.ts'
import { recordAudit } from '../audit/item-audit.ts'
import { type Caller, itemFor } from '../items/item-access.ts'
import { announceHandover, type Handover, transferItem } from '../items/item-handover.service.ts'
import { losingAccess } from '../items/item-ownership.ts'
import { itemHandovers, items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'
import { type InvitationRow, invitationResource, SHARE_MESSAGES } from './shares.service.ts'
import { itemShares } from './sharing.tables.ts'

export const INVITATION_MESSAGES = {
  invalid: msg('server.sharing.invitationInvalid'),
  used: msg('server.sharing.invitationUsed'),
  expired: msg('server.sharing.invitationExpired'),
  wrongAccount: (email: string) => msg('server.sharing.wrongAccount', { email }),
  signUpAddress: (email: string) => msg('server.sharing.signUpAddress', { email }),
  alreadyOwner: msg('server.items.alreadyYours'),
  archived: msg('server.sharing.archived'),
  unverified: msg('server.sharing.confirmEmailFirst'),
} as const

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

const invitationOf = (itemId: number) =>
  and(eq(itemHandovers.itemId, itemId), eq(itemHandovers.kind, 'invitation'), isNull(itemHandovers.claimedAt))

async function documents(db: Database, rows: InvitationRow[]) {
  const data = []
  for (const row of rows) {
    const [item] = await db
      .select({ name: items.name, serialNumber: items.serialNumber })
      .from(items)
      .where(eq(items.id, row.itemId))
    const [inviter] =
      row.issuedBy === null
        ? []
        : await db.select({ name: users.name }).from(users).where(eq(users.id, row.issuedBy))
    // An offer of ownership says who loses access when it is accepted (ADR 033).
    const losing =
      row.access === 'owner' ? await losingAccess(db, row.itemId, { email: row.email ?? '' }) : null
    if (item) data.push(invitationResource(row, item, inviter?.name ?? null, losing))
  }
  return data
}

/** GET /items/{id}/invitations: the offers of a device still waiting (owner, admin). */
export async function listItemInvitations(db: Database, caller: Caller, itemId: number, now = new Date()) {
  const { item } = await itemFor(db, caller, itemId, 'share')
  const rows = await db
    .select()
    .from(itemHandovers)
    .where(and(invitationOf(item.id), gt(itemHandovers.expiresAt, now)))
    .orderBy(desc(itemHandovers.id))
  return { data: await documents(db, rows) }
}

/** DELETE /items/{id}/invitations/{invitationId}: the owner or an admin withdraws an offer. */
export async function cancelInvitation(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  itemId: number,
  invitationId: number,
) {
  const { item } = await itemFor(db, caller, itemId, 'share')
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(itemHandovers)
      .where(and(invitationOf(item.id), eq(itemHandovers.id, invitationId)))
      .returning()
    if (!row) throw notFound(SHARE_MESSAGES.invitationNotFound)
    await recordAudit(tx, {
      itemId: item.id,
      actorId: caller.userId,
      action: 'invitation-cancelled',
      subject: { email: row.email ?? '', access: row.access },
    })
  })
  events.emit('item.updated', { itemId: item.id })
}

async function addressOf(db: Database | Transaction, userId: number) {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  return { email: row?.email ?? '', verified: Boolean(row?.verifiedAt) }
}

/** An offer is matched by address only for a proven address (ADR 034); the mailed link works regardless. */
async function provenEmailOf(db: Database, userId: number): Promise<string> {
  const { email, verified } = await addressOf(db, userId)
  if (!verified) throw forbidden(INVITATION_MESSAGES.unverified)
  return email
}

/**
 * GET /invitations: offers addressed to the signed-in account's e-mail, still valid. An address not proven yet
 * sees none (anyone can sign up with anyone's address).
 */
export async function listMyInvitations(db: Database, caller: Caller, now = new Date()) {
  const { email, verified } = await addressOf(db, caller.userId)
  if (!verified) return { data: [] }
  const rows = await db
    .select()
    .from(itemHandovers)
    .where(
      and(
        eq(itemHandovers.kind, 'invitation'),
        eq(itemHandovers.email, email),
        isNull(itemHandovers.claimedAt),
        gt(itemHandovers.expiresAt, now),
      ),
    )
    .orderBy(desc(itemHandovers.id))
  return { data: await documents(db, rows) }
}

async function byToken(db: Database | Transaction, token: string) {
  const [row] = await db
    .select()
    .from(itemHandovers)
    .where(and(eq(itemHandovers.kind, 'invitation'), eq(itemHandovers.codeHash, sha256(token))))
    .limit(1)
  return row
}

/** Why an invitation cannot be accepted any more, or null when it can. */
function unusable(row: InvitationRow, now: Date): HttpError | null {
  if (row.claimedAt) return invalidField('token', INVITATION_MESSAGES.used)
  if (row.expiresAt <= now) return invalidField('token', INVITATION_MESSAGES.expired)
  return null
}

/**
 * POST /invitations/preview: what a mailed link offers (device, level, address), for the acceptance screen of
 * someone not signed in yet. Answers only to the holder of the link's secret.
 */
export async function previewInvitation(db: Database, token: string, now = new Date()) {
  const row = await byToken(db, token)
  if (!row) throw invalidField('token', INVITATION_MESSAGES.invalid)
  const refusal = unusable(row, now)
  if (refusal) throw refusal
  const [data] = await documents(db, [row])
  if (!data) throw invalidField('token', INVITATION_MESSAGES.invalid)
  return { data }
}

export type AcceptedInvitation = { itemId: number }

export type InvitationAcceptance = {
  itemId: number
  itemName: string
  access: AccessLevel
  handover?: Handover
}

/**
 * The acceptance itself, inside the caller's transaction: `email` is the accepting account's address, `by` the
 * mailed link's secret or the offer's id from the account's own list. Single use: the row is locked and spent.
 */
export async function acceptInTransaction(
  tx: Transaction,
  userId: number,
  email: string,
  by: { token: string } | { id: number },
  now: Date,
): Promise<InvitationAcceptance> {
  const [found] =
    'token' in by
      ? [await byToken(tx, by.token)]
      : await tx
          .select()
          .from(itemHandovers)
          .where(
            and(
              eq(itemHandovers.id, by.id),
              eq(itemHandovers.kind, 'invitation'),
              eq(itemHandovers.email, email),
            ),
          )
  if (!found) {
    if ('token' in by) throw invalidField('token', INVITATION_MESSAGES.invalid)
    throw notFound(SHARE_MESSAGES.invitationNotFound)
  }
  // The device first, then the offer: the same order as every other change of a device's holder.
  const [item] = await tx.select().from(items).where(eq(items.id, found.itemId)).for('update')
  const [row] = await tx.select().from(itemHandovers).where(eq(itemHandovers.id, found.id)).for('update')
  if (!item || !row) throw invalidField('token', INVITATION_MESSAGES.invalid)
  const refusal = unusable(row, now)
  // From the account's list, a spent or lapsed offer is simply gone.
  if (refusal) throw 'token' in by ? refusal : notFound(SHARE_MESSAGES.invitationNotFound)
  if (row.email !== email) throw forbidden(INVITATION_MESSAGES.wrongAccount(row.email ?? ''))
  if (item.userId === userId) throw new HttpError(409, INVITATION_MESSAGES.alreadyOwner)
  // The secret came by mail to this address: the mailbox is proven.
  if ('token' in by) {
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)))
  }
  await tx
    .update(itemHandovers)
    .set({ claimedBy: userId, claimedAt: now })
    .where(eq(itemHandovers.id, row.id))
  const access = (row.access ?? 'viewer') as AccessLevel
  await recordAudit(
    tx,
    { itemId: item.id, actorId: userId, action: 'invitation-accepted', subject: { email, access } },
    now,
  )
  const accepted = { itemId: item.id, itemName: item.name, access }
  if (access === 'owner') {
    if (item.status === 'archive') throw new HttpError(409, INVITATION_MESSAGES.archived)
    return { ...accepted, handover: await transferItem(tx, item, userId, now) }
  }
  if (isShareLevel(access)) {
    await tx
      .insert(itemShares)
      .values({ itemId: item.id, userId, access, grantedBy: row.issuedBy })
      .onConflictDoUpdate({
        target: [itemShares.itemId, itemShares.userId],
        set: { access, updatedAt: now },
      })
  }
  return accepted
}

/** After the commit: a handover announces itself (who lost access), any other acceptance the device's change. */
export function announceAcceptance(events: AppEventBus, accepted: InvitationAcceptance): void {
  if (accepted.handover) announceHandover(events, accepted.handover)
  else events.emit('item.updated', { itemId: accepted.itemId })
}

/**
 * The signed-in account accepts an offer: by the mailed link's secret, or by its id from the account's own list
 * (the address matching the account is what entitles it). An offer of ownership moves the device (as an owner code
 * would); any other grants the level.
 */
export async function acceptInvitation(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  by: { token: string } | { id: number },
  now = new Date(),
): Promise<AcceptedInvitation> {
  const email =
    'token' in by ? (await addressOf(db, caller.userId)).email : await provenEmailOf(db, caller.userId)
  const accepted = await db.transaction((tx) => acceptInTransaction(tx, caller.userId, email, by, now))
  announceAcceptance(events, accepted)
  return { itemId: accepted.itemId }
}

/**
 * Before an account is made through a mailed invitation (ADR 048): the link must still work and the new account's
 * address must be the invited one, so a link never hands an offer to another address. Answers the offer's id.
 */
export async function checkInvitationForSignUp(db: Database, token: string, email: string, now = new Date()) {
  const row = await byToken(db, token)
  if (!row) throw invalidField('invitation_token', INVITATION_MESSAGES.invalid)
  if (row.claimedAt) throw invalidField('invitation_token', INVITATION_MESSAGES.used)
  if (row.expiresAt <= now) throw invalidField('invitation_token', INVITATION_MESSAGES.expired)
  if (row.email !== email) throw invalidField('email', INVITATION_MESSAGES.signUpAddress(row.email ?? ''))
  return row.id
}

/** DELETE /invitations/{id}: the addressee declines an offer from the account's list. */
export async function declineInvitation(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  invitationId: number,
) {
  const email = await provenEmailOf(db, caller.userId)
  const itemId = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(itemHandovers)
      .where(
        and(
          eq(itemHandovers.id, invitationId),
          eq(itemHandovers.kind, 'invitation'),
          eq(itemHandovers.email, email),
          isNull(itemHandovers.claimedAt),
        ),
      )
      .returning()
    if (!row) throw notFound(SHARE_MESSAGES.invitationNotFound)
    await recordAudit(tx, {
      itemId: row.itemId,
      actorId: caller.userId,
      action: 'invitation-cancelled',
      subject: { email, access: row.access },
    })
    return row.itemId
  })
  events.emit('item.updated', { itemId })
}
