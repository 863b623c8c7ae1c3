import { effectiveRole, msg } from '@teplo/domain'
import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { items } from '../items/items.tables.ts'
import { roles } from '../roles/roles.tables.ts'
import { rolesOfUser, rolesOfUsers } from '../users/user-roles.ts'
import { userRoles, users } from '../users/users.tables.ts'

export const LAST_ADMIN = msg('server.profile.lastAdmin')

export type DeletedAccount = { userId: number; items: { id: number; serialNumber: string }[] }

// Someone must always be able to manage users and roles.
async function assertNotLastAdmin(db: Database, userId: number): Promise<void> {
  if (effectiveRole(await rolesOfUser(db, userId)) !== 'admin') return
  const holders = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, 'admin'), ne(userRoles.userId, userId)))
  const others = await rolesOfUsers(
    db,
    holders.map((h) => h.userId),
  )
  const anotherAdmin = [...others.values()].some((list) => effectiveRole(list) === 'admin')
  if (!anotherAdmin) throw new HttpError(422, LAST_ADMIN)
}

// Devices, their telemetry and errors, tokens and role links go with the user through ON DELETE CASCADE.
export async function deleteAccount(
  db: Database,
  events: AppEventBus,
  userId: number,
): Promise<DeletedAccount> {
  await assertNotLastAdmin(db, userId)
  const owned = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: items.id, serialNumber: items.serialNumber })
      .from(items)
      .where(eq(items.userId, userId))
    const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id })
    if (!deleted) throw notFound()
    return rows
  })
  events.emit('user.access-changed', { userId })
  for (const item of owned) events.emit('item.deleted', { itemId: item.id, serialNumber: item.serialNumber })
  return { userId, items: owned }
}
