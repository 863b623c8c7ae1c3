import type { RoleName } from '@teplo/domain'
import { eq } from 'drizzle-orm'
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

export async function findItem(db: Database, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(items).where(eq(items.id, id)).limit(1)
  return row
}

// A device the caller may not see answers exactly like a missing one.
export async function visibleItem(db: Database, caller: Caller, id: number): Promise<ItemRow> {
  const item = await findItem(db, id)
  if (!item || !canSeeItem(caller, item)) throw notFound(ITEM_NOT_FOUND)
  return item
}
