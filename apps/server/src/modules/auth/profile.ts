import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { notFound } from '../../lib/api-error.ts'
import { formatDate, type ResourceObject, resource } from '../../lib/jsonapi.ts'
import { rolesOfUser } from '../users/user-roles.ts'

export async function profileDocument(db: Database, userId: number, includeRoles: boolean) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw notFound()
  const roles = await rolesOfUser(db, userId)
  const data = resource(
    'profile',
    user.id,
    {
      name: user.name,
      email: user.email,
      profile_image: user.profileImage,
      created_at: formatDate(user.createdAt),
      updated_at: formatDate(user.updatedAt),
    },
    { roles: { data: roles.map((role) => ({ type: 'roles', id: String(role.id) })) } },
  )
  data.links = { self: '/api/v2/me' }
  const included: ResourceObject[] = includeRoles
    ? roles.map((role) => resource('roles', role.id, { name: role.name }))
    : []
  return includeRoles ? { data, included } : { data }
}
