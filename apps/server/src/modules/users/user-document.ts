import type { TwoFactorStatus } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { notFound } from '../../lib/api-error.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { roleResource } from '../roles/roles.service.ts'
import { roles } from '../roles/roles.tables.ts'
import { type RoleRef, rolesOfUsers } from './user-roles.ts'
import { users } from './users.tables.ts'

export type UserRow = typeof users.$inferSelect

/**
 * The one wire form of a users row (/users, /items/{id}/user, /me). The password hash never leaves this module:
 * attributes are listed explicitly.
 */
export function userResource(row: UserRow, userRoleRefs: RoleRef[]) {
  return typedResource(
    'users',
    row.id,
    {
      name: row.name,
      email: row.email,
      profile_image: row.profileImage,
      created_at: formatDate(row.createdAt),
      updated_at: formatDate(row.updatedAt),
    },
    { roles: { data: userRoleRefs.map((role) => ({ type: 'roles' as const, id: String(role.id) })) } },
  )
}

/**
 * The signed-in account's own document links to /api/v2/me and carries the account's language, a preference
 * no one else is shown.
 */
export function profileResource(
  row: UserRow,
  userRoleRefs: RoleRef[],
  pendingEmail: string | null,
  twoFactor: TwoFactorStatus,
) {
  const data = userResource(row, userRoleRefs)
  return {
    ...data,
    attributes: {
      ...data.attributes,
      language: row.language,
      email_verified_at: row.emailVerifiedAt ? formatDate(row.emailVerifiedAt) : null,
      pending_email: pendingEmail,
      two_factor: twoFactor,
    },
    links: { self: '/api/v2/me' },
  }
}

export async function findUser(db: Database, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!row) throw notFound(msg('server.users.notFound'))
  return row
}

// `included` for include=roles: each role once, as full role resources.
export async function includedRoles(db: Database, roleLists: Iterable<RoleRef[]>) {
  const ids = [...new Set([...roleLists].flat().map((role) => role.id))]
  if (ids.length === 0) return []
  const rows = await db.select().from(roles).where(inArray(roles.id, ids)).orderBy(roles.id)
  return rows.map(roleResource)
}

export async function userDocument(db: Database, id: number, includeRoles = false) {
  const row = await findUser(db, id)
  const roleRefs = (await rolesOfUsers(db, [id])).get(id) ?? []
  const data = userResource(row, roleRefs)
  return includeRoles ? { data, included: await includedRoles(db, [roleRefs]) } : { data }
}
