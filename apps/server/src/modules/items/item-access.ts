import {
  type AccessLevel,
  accessAllows,
  type ItemAbility,
  type ItemAccess,
  isShareLevel,
  type Language,
  msg,
  type RoleName,
  type ShareLevel,
} from '@teplo/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { forbidden, notFound } from '../../lib/api-error.ts'
import { type ApiTokenGrant, ITEM_NOT_FOUND, tokenAllows, tokenReaches } from '../../lib/api-token-grant.ts'
import { itemShares } from '../sharing/sharing.tables.ts'
import type { ItemRow } from './item-document.ts'
import { items } from './items.tables.ts'

/**
 * Who asks: the account, its role, and the language stored texts (a sync reason, a change log's reason) are rendered
 * in for it — the request's (`currentReader`); Ukrainian when not said.
 */
export type Caller = { userId: number; role: RoleName; language?: Language; apiToken?: ApiTokenGrant }

export type { AccessLevel, ApiTokenGrant, ItemAccess }
export { ITEM_NOT_FOUND, tokenAllows, tokenReaches }

export const NOT_ALLOWED = msg('server.items.accessTooLow')

export type { ItemAbility }

/** The caller's access to a device, given the level of their share on it (if any); null: none at all. */
export function accessOf(
  caller: Caller,
  item: Pick<ItemRow, 'userId'>,
  shareLevel: ShareLevel | null | undefined,
): ItemAccess | null {
  if (item.userId === caller.userId) return 'owner'
  if (caller.role === 'admin') return 'admin'
  return shareLevel ?? null
}

/** What the caller may do to the device (the rules live in @teplo/domain, shared with the screens). */
export function can(caller: Caller, access: ItemAccess | null, ability: ItemAbility): boolean {
  if (caller.apiToken && !tokenAllows(caller.apiToken, ability)) return false
  return accessAllows(caller.role, access, ability)
}

export type AccessibleItem = { item: ItemRow; access: ItemAccess }

// The most frequent query of the API (every read of a device), with the caller's share, built once per database.
const findQueries = new WeakMap<Database, ReturnType<typeof prepareFind>>()
const prepareFind = (db: Database) =>
  db
    .select({ item: items, share: itemShares.access })
    .from(items)
    .leftJoin(
      itemShares,
      and(eq(itemShares.itemId, items.id), eq(itemShares.userId, sql.placeholder('userId'))),
    )
    .where(eq(items.id, sql.placeholder('id')))
    .limit(1)
    .prepare('teplo_find_item_access')

/** A device and the caller's share level on it (null without one). */
export async function findItemFor(
  db: Database,
  userId: number,
  id: number,
): Promise<{ item: ItemRow; share: ShareLevel | null } | undefined> {
  let query = findQueries.get(db)
  if (!query) {
    query = prepareFind(db)
    findQueries.set(db, query)
  }
  const [row] = await query.execute({ id, userId })
  if (!row) return undefined
  return { item: row.item, share: isShareLevel(row.share) ? row.share : null }
}

export async function findItem(db: Database, id: number): Promise<ItemRow | undefined> {
  return (await findItemFor(db, 0, id))?.item
}

/**
 * A device the caller may see, with their access. One they may not see answers exactly like a missing one (404);
 * one they see but may not do `ability` to answers 403.
 */
export async function itemFor(
  db: Database,
  caller: Caller,
  id: number,
  ability: ItemAbility = 'see',
): Promise<AccessibleItem> {
  if (!tokenReaches(caller.apiToken, id)) throw notFound(ITEM_NOT_FOUND)
  const found = await findItemFor(db, caller.userId, id)
  const access = found ? accessOf(caller, found.item, found.share) : null
  if (!found || access === null) throw notFound(ITEM_NOT_FOUND)
  if (!can(caller, access, ability)) throw forbidden(NOT_ALLOWED)
  return { item: found.item, access }
}

/** A device the caller may see (404 otherwise). */
export async function visibleItem(db: Database, caller: Caller, id: number): Promise<ItemRow> {
  return (await itemFor(db, caller, id)).item
}

/** One account's share level on a device (null without one); `db` may be an open transaction. */
export async function shareLevel(
  db: Pick<Database, 'select'>,
  itemId: number,
  userId: number,
): Promise<ShareLevel | null> {
  const [row] = await db
    .select({ access: itemShares.access })
    .from(itemShares)
    .where(and(eq(itemShares.itemId, itemId), eq(itemShares.userId, userId)))
  return isShareLevel(row?.access) ? row.access : null
}

/** The share levels on a device, by account. */
export async function sharesOf(db: Database, itemId: number): Promise<Map<number, ShareLevel>> {
  const rows = await db
    .select({ userId: itemShares.userId, access: itemShares.access })
    .from(itemShares)
    .where(eq(itemShares.itemId, itemId))
  return new Map(rows.flatMap((row) => (isShareLevel(row.access) ? [[row.userId, row.access] as const] : [])))
}

/**
 * Every account with access to a device: its owner and each share (administrators are not listed: they see every
 * device but are not told about each). For notifying everyone concerned, e.g. of an alarm.
 */
export async function usersWithAccess(
  db: Database,
  itemId: number,
): Promise<Array<{ userId: number; level: AccessLevel }>> {
  const [item] = await db.select({ userId: items.userId }).from(items).where(eq(items.id, itemId)).limit(1)
  if (!item) return []
  const shared = [...(await sharesOf(db, itemId))].filter(([userId]) => userId !== item.userId)
  return [
    { userId: item.userId, level: 'owner' as const },
    ...shared.map(([userId, level]) => ({ userId, level })),
  ]
}

/** The caller's share levels on some devices, by device. */
export async function sharesOfUser(
  db: Database,
  userId: number,
  itemIds: number[],
): Promise<Map<number, ShareLevel>> {
  if (itemIds.length === 0) return new Map()
  const rows = await db
    .select({ itemId: itemShares.itemId, access: itemShares.access })
    .from(itemShares)
    .where(and(eq(itemShares.userId, userId), inArray(itemShares.itemId, itemIds)))
  return new Map(rows.flatMap((row) => (isShareLevel(row.access) ? [[row.itemId, row.access] as const] : [])))
}

/**
 * Devices shared with an account, as a condition on items: an `in` over the account's shares, which the database
 * hashes once (a correlated `exists` under an `or` was read per device: 3× slower over 10,000 devices).
 */
export function sharedWith(userId: number) {
  return sql`${items.id} in (select ${itemShares.itemId} from ${itemShares} where ${itemShares.userId} = ${userId})`
}
