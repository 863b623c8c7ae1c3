import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { itemShares, roles, userRoles } from '../../db/schema.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The shares that follow a device changing hands (ADR 018), in the transaction that moves it: the new owner's
 * own share ends (they hold it now), and an installer who held it keeps installer access until the new owner
 * revokes it. (A household handing a boiler on keeps nothing.)
 */
export async function moveOwnership(
  tx: Transaction,
  item: { id: number; userId: number },
  newOwnerId: number,
  grantedBy: number | null,
): Promise<void> {
  await tx.delete(itemShares).where(and(eq(itemShares.itemId, item.id), eq(itemShares.userId, newOwnerId)))
  if (item.userId === newOwnerId) return
  // Only the first role counts (spec §6).
  const [first] = await tx
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, item.userId))
    .orderBy(asc(userRoles.position), asc(roles.id))
    .limit(1)
  if (first?.name !== 'creator') return
  await tx
    .insert(itemShares)
    .values({ itemId: item.id, userId: item.userId, access: 'installer', grantedBy })
    .onConflictDoUpdate({
      target: [itemShares.itemId, itemShares.userId],
      set: { access: 'installer', updatedAt: new Date() },
    })
}
