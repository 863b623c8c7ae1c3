import {
  type AccessLevel,
  DEFAULT_LANGUAGE,
  INVITATION_LIFETIME_DAYS,
  type InvitationResource,
  type Language,
  type LosingAccess,
  msg,
  type ShareCreateInput,
  type ShareLevel,
  type ShareResource,
} from '@teplo/domain'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { forbidden, HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { recordAudit } from '../audit/item-audit.ts'
import { type Caller, can, itemFor } from '../items/item-access.ts'
import type { ItemRow } from '../items/item-document.ts'
import { losingAccess } from '../items/item-ownership.ts'
import { itemHandovers } from '../items/items.tables.ts'
import { DAY_SECONDS, takeMailAllowance } from '../mail-caps/mail-caps.ts'
import { users } from '../users/users.tables.ts'
import { itemShares } from './sharing.tables.ts'
import { accessGrantedMail, invitationLink, invitationMail } from './sharing-mail.ts'

export const SHARE_MESSAGES = {
  notFound: msg('server.sharing.shareNotFound'),
  invitationNotFound: msg('server.sharing.invitationNotFound'),
  isOwner: msg('server.sharing.ownerAccess'),
  alreadyOwner: msg('server.sharing.alreadyOwner'),
  yourself: msg('server.sharing.ownAccess'),
  alreadyShared: msg('server.sharing.alreadyShared'),
  archived: msg('server.items.handover.archived'),
  mailFailed: msg('server.sharing.sendFailed'),
} as const

export type SharingContext = {
  db: Database
  events: AppEventBus
  mailer: Mailer
  appUrl: string
  log: FastifyBaseLogger
  /** Shares and invitations (each one a letter) an account may send a day (INVITATIONS_PER_DAY, ADR 034). */
  invitationsPerDay: number
}

type ShareRow = {
  id: number
  itemId: number
  userId: number
  access: string
  name: string
  email: string
  createdAt: Date
  updatedAt: Date
}

export function shareResource(row: ShareRow): ShareResource {
  return {
    type: 'shares',
    id: String(row.id),
    attributes: {
      access: row.access as ShareLevel,
      name: row.name,
      email: row.email,
      created_at: formatDate(row.createdAt),
      updated_at: formatDate(row.updatedAt),
    },
    relationships: {
      item: { data: { type: 'items', id: String(row.itemId) } },
      user: { data: { type: 'users', id: String(row.userId) } },
    },
    links: { self: `/api/v2/items/${row.itemId}/shares/${row.id}` },
  }
}

const shareColumns = {
  id: itemShares.id,
  itemId: itemShares.itemId,
  userId: itemShares.userId,
  access: itemShares.access,
  name: users.name,
  email: users.email,
  createdAt: itemShares.createdAt,
  updatedAt: itemShares.updatedAt,
}

async function shareRows(db: Database, itemId: number, userId?: number): Promise<ShareRow[]> {
  return db
    .select(shareColumns)
    .from(itemShares)
    .innerJoin(users, eq(users.id, itemShares.userId))
    .where(
      and(eq(itemShares.itemId, itemId), userId === undefined ? undefined : eq(itemShares.userId, userId)),
    )
    .orderBy(asc(itemShares.id))
}

/** Who shares the device: all of them for its owner and administrators, one's own share for everyone else. */
export async function listShares(db: Database, caller: Caller, itemId: number) {
  const { access } = await itemFor(db, caller, itemId)
  const rows = await shareRows(db, itemId, can(caller, access, 'share') ? undefined : caller.userId)
  return { data: rows.map(shareResource) }
}

export type InvitationRow = typeof itemHandovers.$inferSelect

export function invitationResource(
  row: InvitationRow,
  item: Pick<ItemRow, 'name' | 'serialNumber'>,
  invitedBy: string | null,
  losingAccess: LosingAccess[] | null = null,
): InvitationResource {
  return {
    type: 'invitations',
    id: String(row.id),
    attributes: {
      email: row.email ?? '',
      access: (row.access ?? 'viewer') as AccessLevel,
      item_name: item.name,
      serial_number: item.serialNumber,
      invited_by: invitedBy,
      losing_access: losingAccess,
      expires_at: formatDate(row.expiresAt),
      created_at: formatDate(row.createdAt),
    },
    relationships: { item: { data: { type: 'items', id: String(row.itemId) } } },
    links: { self: `/api/v2/invitations/${row.id}` },
  }
}

async function nameOf(db: Database, userId: number | null): Promise<string | null> {
  return (await senderOf(db, userId))?.name ?? null
}

/** Who sends an offer: the name it is signed with, and the language an address without an account gets it in. */
async function senderOf(
  db: Database,
  userId: number | null,
): Promise<{ name: string; language: Language } | null> {
  if (userId === null) return null
  const [row] = await db
    .select({ name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

export type ShareCreated =
  | { kind: 'share'; document: { data: ShareResource } }
  | { kind: 'invitation'; document: { data: InvitationResource } }

/**
 * POST /items/{id}/shares (owner or admin). An existing account with a proven address gets the level at once and a
 * notice; any other address, and every offer of ownership, gets a mailed invitation (a link holding a secret of which only the digest
 * is kept) to accept.
 */
export async function createShare(
  context: SharingContext,
  caller: Caller,
  itemId: number,
  input: { email: string; access: ShareCreateInput['access'] },
  now = new Date(),
): Promise<ShareCreated> {
  const { db } = context
  const { item } = await itemFor(db, caller, itemId, 'share')
  const email = input.email
  const [account] = await db
    .select({ id: users.id, name: users.name, language: users.language, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
  if (account?.id === item.userId) {
    throw invalidField(
      'email',
      input.access === 'owner' ? SHARE_MESSAGES.alreadyOwner : SHARE_MESSAGES.isOwner,
    )
  }
  if (account?.id === caller.userId) throw invalidField('email', SHARE_MESSAGES.yourself)
  const cap = { kind: 'invitation', limit: context.invitationsPerDay, windowSeconds: DAY_SECONDS }
  await takeMailAllowance(db, cap, String(caller.userId), now)
  // Only a proven address gets access at once; anyone could have signed up with it, so others get the mailed link.
  if (input.access !== 'owner' && account?.verifiedAt) {
    return grantShare(context, caller, item, account, input.access)
  }
  if (item.status === 'archive') throw new HttpError(409, SHARE_MESSAGES.archived)
  return invite(
    context,
    caller,
    item,
    { email, access: input.access, recipientLanguage: account?.language },
    now,
  )
}

async function grantShare(
  context: SharingContext,
  caller: Caller,
  item: ItemRow,
  account: { id: number; name: string; language: Language },
  access: ShareLevel,
): Promise<ShareCreated> {
  const { db } = context
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(itemShares)
      .values({ itemId: item.id, userId: account.id, access, grantedBy: caller.userId })
      .onConflictDoNothing()
      .returning({ id: itemShares.id })
    if (!row) throw invalidField('email', SHARE_MESSAGES.alreadyShared)
    const [email] = await tx.select({ email: users.email }).from(users).where(eq(users.id, account.id))
    await recordAudit(tx, {
      itemId: item.id,
      actorId: caller.userId,
      action: 'share-granted',
      subject: { email: email?.email ?? '', access },
    })
    return row
  })
  context.events.emit('item.updated', { itemId: item.id })
  const [share] = (await shareRows(db, item.id, account.id)).filter((row) => row.id === created.id)
  if (!share) throw notFound(SHARE_MESSAGES.notFound)
  const from = (await nameOf(db, caller.userId)) ?? 'Teplo'
  // Access is granted either way; a lost notice is logged, and the device is in the person's list already.
  await context.mailer
    .send(
      accessGrantedMail(
        { to: share.email, from, itemName: item.name, access, language: account.language },
        context.appUrl,
      ),
    )
    .catch((err: unknown) => context.log.error({ err, itemId: item.id }, 'sharing: access notice not sent'))
  return { kind: 'share', document: { data: shareResource(share) } }
}

async function invite(
  context: SharingContext,
  caller: Caller,
  item: ItemRow,
  offer: { email: string; access: AccessLevel; recipientLanguage: Language | undefined },
  now: Date,
): Promise<ShareCreated> {
  const { db } = context
  const token = generateSecret()
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000)
  const sender = await senderOf(db, caller.userId)
  const from = sender?.name ?? 'Teplo'
  // An account reads it in its own language; an address without one, in the sender's (ADR 029).
  const language = offer.recipientLanguage ?? sender?.language ?? DEFAULT_LANGUAGE
  const row = await db.transaction(async (tx) => {
    // A new invitation to the same address replaces the one not yet accepted.
    await tx
      .delete(itemHandovers)
      .where(
        and(
          eq(itemHandovers.itemId, item.id),
          eq(itemHandovers.kind, 'invitation'),
          eq(itemHandovers.email, offer.email),
          isNull(itemHandovers.claimedAt),
        ),
      )
    const [inserted] = await tx
      .insert(itemHandovers)
      .values({
        itemId: item.id,
        kind: 'invitation',
        codeHash: sha256(token),
        email: offer.email,
        access: offer.access,
        issuedBy: caller.userId,
        expiresAt,
        createdAt: now,
      })
      .returning()
    await recordAudit(
      tx,
      {
        itemId: item.id,
        actorId: caller.userId,
        action: offer.access === 'owner' ? 'handover-offered' : 'invitation-sent',
        subject: { email: offer.email, access: offer.access },
      },
      now,
    )
    // Sent before the commit: an invitation nobody can receive is no invitation, so a failed mail leaves neither
    // it nor its log entry, and the owner is told to try again.
    const mail = invitationMail(
      { to: offer.email, from, itemName: item.name, access: offer.access, language },
      invitationLink(context.appUrl, token),
      INVITATION_LIFETIME_DAYS,
    )
    try {
      await context.mailer.send(mail)
    } catch (err) {
      context.log.error({ err, itemId: item.id }, 'sharing: invitation not sent')
      throw new HttpError(503, SHARE_MESSAGES.mailFailed)
    }
    return inserted
  })
  if (!row) throw new Error('insert returned no row')
  const losing = offer.access === 'owner' ? await losingAccess(db, item.id, { email: offer.email }) : null
  return { kind: 'invitation', document: { data: invitationResource(row, item, from, losing) } }
}

async function findShare(db: Database, itemId: number, shareId: number) {
  const [share] = await db
    .select(shareColumns)
    .from(itemShares)
    .innerJoin(users, eq(users.id, itemShares.userId))
    .where(and(eq(itemShares.id, shareId), eq(itemShares.itemId, itemId)))
    .limit(1)
  return share
}

/** PATCH /items/{id}/shares/{shareId}: the owner or an administrator sets another level. */
export async function updateShare(
  context: SharingContext,
  caller: Caller,
  itemId: number,
  shareId: number,
  access: ShareLevel,
) {
  const { db } = context
  const { item } = await itemFor(db, caller, itemId, 'share')
  const share = await findShare(db, item.id, shareId)
  if (!share) throw notFound(SHARE_MESSAGES.notFound)
  // Nobody sets their own level (an administrator's rights do not come from a share anyway).
  if (share.userId === caller.userId) throw forbidden(SHARE_MESSAGES.yourself)
  if (share.access !== access) {
    await db.transaction(async (tx) => {
      await tx.update(itemShares).set({ access, updatedAt: new Date() }).where(eq(itemShares.id, share.id))
      await recordAudit(tx, {
        itemId: item.id,
        actorId: caller.userId,
        action: 'share-changed',
        changes: { access: { from: share.access, to: access } },
        subject: { email: share.email, access },
      })
    })
    context.events.emit('item.updated', { itemId: item.id })
  }
  const updated = await findShare(db, item.id, shareId)
  if (!updated) throw notFound(SHARE_MESSAGES.notFound)
  return { data: shareResource(updated) }
}

/**
 * DELETE /items/{id}/shares/{shareId}: the owner or an administrator revokes it, or its holder leaves the device.
 * Access ends at once, open live streams included (the live hub re-reads access on the announcement).
 */
export async function deleteShare(context: SharingContext, caller: Caller, itemId: number, shareId: number) {
  const { db } = context
  const { item, access } = await itemFor(db, caller, itemId)
  const share = await findShare(db, item.id, shareId)
  const leaving = share?.userId === caller.userId
  // Someone else's share is not revealed to a person who may not manage them.
  if (!share || (!leaving && !can(caller, access, 'share'))) throw notFound(SHARE_MESSAGES.notFound)
  await db.transaction(async (tx) => {
    await tx.delete(itemShares).where(eq(itemShares.id, share.id))
    await recordAudit(tx, {
      itemId: item.id,
      actorId: caller.userId,
      action: leaving ? 'share-left' : 'share-revoked',
      subject: { email: share.email, access: share.access },
    })
  })
  context.events.emit('item.updated', { itemId: item.id })
}
