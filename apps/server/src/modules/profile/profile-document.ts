import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { notFound } from '../../lib/api-error.ts'
import { resource } from '../../lib/jsonapi.ts'
import { userResource } from '../users/user-document.ts'
import { rolesOfUser } from '../users/user-roles.ts'

// The signed-in user as /me answers it; include=roles adds each role's name.
export async function profileDocument(db: Database, userId: number, includeRoles: boolean) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw notFound()
  const roles = await rolesOfUser(db, userId)
  const data = userResource(user, roles, 'profile')
  if (!includeRoles) return { data }
  return { data, included: roles.map((role) => resource('roles', role.id, { name: role.name })) }
}
