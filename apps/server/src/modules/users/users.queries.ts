import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { listPage, nameFilter, sortOrder } from '../../lib/list-page.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { roles } from '../roles/roles.tables.ts'
import { includedRoles, userResource } from './user-document.ts'
import { rolesOfUsers } from './user-roles.ts'
import { userRoles, users } from './users.tables.ts'

const sortColumns = { name: users.name, email: users.email, created_at: users.createdAt }

export type UserListQuery = ListQuery & { 'filter[role]'?: string | undefined; include?: 'roles' | undefined }

// filter[role] takes a role id or a role name (any case); it matches users who hold that role.
function roleFilter(db: Database, value: string | undefined): SQL | undefined {
  const role = value?.trim()
  if (!role) return undefined
  const which = /^\d+$/.test(role)
    ? eq(userRoles.roleId, Number(role))
    : sql`lower(${roles.name}) = lower(${role})`
  const holders = db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(which)
  return inArray(users.id, holders)
}

export async function listUsers(db: Database, query: UserListQuery, rawQuery: Record<string, unknown>) {
  const { rows, page } = await listPage(
    db,
    users,
    {
      // A person is looked up by name or by e-mail alike.
      where: and(
        or(nameFilter(users.name, query['filter[name]']), nameFilter(users.email, query['filter[name]'])),
        roleFilter(db, query['filter[role]']),
      ),
      orderBy: sortOrder(query.sort, sortColumns, users.id),
      path: '/api/v2/users',
    },
    query,
    rawQuery,
  )
  const roleMap = await rolesOfUsers(
    db,
    rows.map((row) => row.id),
  )
  const data = rows.map((row) => userResource(row, roleMap.get(row.id) ?? []))
  if (query.include !== 'roles') return { data, ...page }
  return { data, included: await includedRoles(db, roleMap.values()), ...page }
}
