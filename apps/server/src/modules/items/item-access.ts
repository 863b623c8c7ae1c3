import type { RoleName } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { items } from '../../db/schema.ts'
import { forbidden, notFound } from '../../lib/api-error.ts'
import type { ItemRow } from './item-document.ts'

export type Caller = { userId: number; role: RoleName }

export const ITEM_NOT_FOUND = 'Пристрій не знайдено'

// Admins see every device; everyone else (creators included) sees the devices on their own account.
export function canSeeItem(caller: Caller, item: Pick<ItemRow, 'userId'>): boolean {
  return caller.role === 'admin' || item.userId === caller.userId
}

// Management (edit, archive, delete) is for admins on any device and creators on their own (spec §6).
export function canManageItem(caller: Caller, item: Pick<ItemRow, 'userId'>): boolean {
  return caller.role === 'admin' || (caller.role === 'creator' && item.userId === caller.userId)
}

export function assertCanManage(caller: Caller, item: Pick<ItemRow, 'userId'>): void {
  if (!canManageItem(caller, item)) throw forbidden()
}

// The most frequent query of the API (every read of a device), built once per database and prepared.
const findItemQueries = new WeakMap<Database, ReturnType<typeof prepareFindItem>>()
const prepareFindItem = (db: Database) =>
  db
    .select()
    .from(items)
    .where(eq(items.id, sql.placeholder('id')))
    .limit(1)
    .prepare('teplo_find_item')

export async function findItem(db: Database, id: number): Promise<ItemRow | undefined> {
  let query = findItemQueries.get(db)
  if (!query) {
    query = prepareFindItem(db)
    findItemQueries.set(db, query)
  }
  const [row] = await query.execute({ id })
  return row
}

// A device the caller may not see answers exactly like a missing one.
export async function visibleItem(db: Database, caller: Caller, id: number): Promise<ItemRow> {
  const item = await findItem(db, id)
  if (!item || !canSeeItem(caller, item)) throw notFound(ITEM_NOT_FOUND)
  return item
}

/**
 * Everyone to be told about a device (its alarms): today the account holding it. Sharing replaces this body; the
 * alarms module calls nothing else to find recipients.
 */
export async function usersWithAccess(
  db: Database,
  itemId: number,
): Promise<Array<{ userId: number; level: string }>> {
  const rows = await db.select({ userId: items.userId }).from(items).where(eq(items.id, itemId)).limit(1)
  return rows.map((row) => ({ userId: row.userId, level: 'owner' }))
}
