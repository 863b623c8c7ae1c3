import { type AccessLevel, isShareLevel, type LosingAccess } from '@teplo/domain'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import type { RemovedAccess } from '../../lib/events.ts'
import { recordAudit } from '../audit/item-audit.ts'
import { enqueueMail } from '../mail-outbox/mail-outbox.ts'
import { clearPelletStore } from '../pellets/pellet-handover.ts'
import { roles } from '../roles/roles.tables.ts'
import { accessEndedMail } from '../sharing/handover-mail.ts'
import { itemShares } from '../sharing/sharing.tables.ts'
import { userRoles, users } from '../users/users.tables.ts'
import { itemHandovers, items } from './items.tables.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type { RemovedAccess }

/**
 * A device changing hands (an invitation accepted with the owner level, an owner code, an administrator's change of
 * owner), in the transaction that moves it (ADR 033): every share of the device ends — viewers, operators and
 * installers alike — and every offer not yet accepted (invitations, owner codes) lapses. The previous holder keeps
 * nothing. The change log names each person who lost access, and each is mailed a notice through the mail outbox
 * (sent once the transaction commits, retried while the mail server fails). Answers who they were; the caller
 * announces `item.handed-over` after the commit.
 */
export async function moveOwnership(
  tx: Transaction,
  item: { id: number; userId: number },
  newOwnerId: number,
  actorId: number | null,
  now = new Date(),
): Promise<RemovedAccess[]> {
  const people = { userId: users.id, name: users.name, email: users.email, language: users.language }
  const shared = await tx
    .select({ ...people, access: itemShares.access })
    .from(itemShares)
    .innerJoin(users, eq(users.id, itemShares.userId))
    .where(eq(itemShares.itemId, item.id))
    .orderBy(asc(itemShares.id))
  const [previous] = await tx.select(people).from(users).where(eq(users.id, item.userId))
  await tx.delete(itemShares).where(eq(itemShares.itemId, item.id))
  // The household's own records of the device go with it: the pellet deliveries, their prices and supplier.
  if (item.userId !== newOwnerId) await clearPelletStore(tx, item.id)
  const lapsed = await tx
    .delete(itemHandovers)
    .where(and(eq(itemHandovers.itemId, item.id), isNull(itemHandovers.claimedAt)))
    .returning({ kind: itemHandovers.kind, email: itemHandovers.email, access: itemHandovers.access })
  const removed: RemovedAccess[] = []
  if (previous && previous.userId !== newOwnerId) removed.push({ ...previous, access: 'owner' })
  for (const share of shared) {
    if (share.userId === newOwnerId) continue
    removed.push({ ...share, access: share.access as AccessLevel })
  }
  for (const person of removed) {
    await recordAudit(
      tx,
      {
        itemId: item.id,
        actorId,
        action: 'share-revoked',
        subject: { email: person.email, access: person.access },
      },
      now,
    )
  }
  for (const offer of lapsed) {
    if (offer.kind !== 'invitation') continue
    await recordAudit(
      tx,
      {
        itemId: item.id,
        actorId,
        action: 'invitation-cancelled',
        subject: { email: offer.email ?? '', access: offer.access },
      },
      now,
    )
  }
  // The notices go out through the outbox: queued with the handover, sent (and retried) after it commits.
  const [moved] = await tx.select({ name: items.name }).from(items).where(eq(items.id, item.id))
  await enqueueMail(
    tx,
    'handover-notice',
    removed.map((person) => accessEndedMail(person, moved?.name ?? '')),
  )
  return removed
}

/**
 * Who would lose access if the device were handed to the account `newOwner` names (ADR 033): the holder first, then
 * each share. For the new owner to see before accepting: names and levels, the e-mail only of installers (to invite
 * them back), never of the household.
 */
export async function losingAccess(
  db: Pick<Database, 'select'>,
  itemId: number,
  newOwner: { userId: number } | { email: string },
): Promise<LosingAccess[]> {
  const [item] = await db.select({ userId: items.userId }).from(items).where(eq(items.id, itemId))
  if (!item) return []
  const people = { userId: users.id, name: users.name, email: users.email }
  const [holder] = await db.select(people).from(users).where(eq(users.id, item.userId))
  const shared = await db
    .select({ ...people, access: itemShares.access })
    .from(itemShares)
    .innerJoin(users, eq(users.id, itemShares.userId))
    .where(eq(itemShares.itemId, itemId))
    .orderBy(asc(itemShares.id))
  const isNewOwner = (person: { userId: number; email: string }) =>
    'userId' in newOwner ? person.userId === newOwner.userId : person.email === newOwner.email
  const entries: LosingAccess[] = []
  if (holder && !isNewOwner(holder)) {
    // Only the first role counts (spec §6): a creator holding the device is its installer.
    const [first] = await db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, holder.userId))
      .orderBy(asc(userRoles.position), asc(roles.id))
      .limit(1)
    const installer = first?.name === 'creator'
    entries.push({ name: holder.name, access: 'owner', installer, email: installer ? holder.email : null })
  }
  for (const share of shared) {
    if (isNewOwner(share) || !isShareLevel(share.access)) continue
    const installer = share.access === 'installer'
    entries.push({ name: share.name, access: share.access, installer, email: installer ? share.email : null })
  }
  return entries
}
