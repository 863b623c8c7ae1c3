import { asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { roles } from '../roles/roles.tables.ts'
import { userRoles } from './users.tables.ts'

export type RoleRef = { id: number; name: string }

// Roles of each user in their stored order; only the first one counts for permissions (spec §6).
export async function rolesOfUsers(db: Database, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const result = new Map<number, RoleRef[]>(userIds.map((id) => [id, []]))
  if (userIds.length === 0) return result
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.position), asc(roles.id))
  for (const row of rows) result.get(row.userId)?.push({ id: row.id, name: row.name })
  return result
}

export async function rolesOfUser(db: Database, userId: number): Promise<RoleRef[]> {
  return (await rolesOfUsers(db, [userId])).get(userId) ?? []
}
