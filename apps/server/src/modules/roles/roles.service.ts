import type { ROLE_SORTS, RoleData } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/database-errors.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { listPage, nameFilter, sortOrder } from '../../lib/list-page.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { userRoles } from '../users/users.tables.ts'
import { assertNotDefault } from './default-records.ts'
import { roles } from './roles.tables.ts'

const sortColumns = { name: roles.name, created_at: roles.createdAt } satisfies Record<
  (typeof ROLE_SORTS)[number],
  unknown
>

type RoleRow = typeof roles.$inferSelect

export const roleResource = (row: RoleRow) =>
  typedResource('roles', row.id, {
    name: row.name,
    created_at: formatDate(row.createdAt),
    updated_at: formatDate(row.updatedAt),
  })

export async function listRoles(db: Database, query: ListQuery, rawQuery: Record<string, unknown>) {
  const { rows, page } = await listPage(
    db,
    roles,
    {
      where: nameFilter(roles.name, query['filter[name]']),
      orderBy: sortOrder(query.sort, sortColumns, roles.id),
      path: '/api/v2/roles',
    },
    query,
    rawQuery,
  )
  return { data: rows.map(roleResource), ...page }
}

async function findRole(db: Database, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1)
  if (!row) throw notFound(msg('server.roles.notFound'))
  return row
}

export async function getRole(db: Database, id: number) {
  return { data: roleResource(await findRole(db, id)) }
}

const nameTaken = () => invalidField('name', msg('server.roles.nameTaken'))

// Names are unique regardless of case, so 'Admin' cannot shadow 'admin'.
async function assertNameFree(db: Database, name: string, exceptId?: number) {
  const sameName = sql`lower(${roles.name}) = lower(${name})`
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(exceptId ? and(sameName, ne(roles.id, exceptId)) : sameName)
    .limit(1)
  if (taken) throw nameTaken()
}

export async function createRole(db: Database, input: RoleData) {
  await assertNameFree(db, input.name)
  const [row] = await db.insert(roles).values({ name: input.name }).onConflictDoNothing().returning()
  if (!row) throw nameTaken()
  return { data: roleResource(row) }
}

export async function updateRole(db: Database, id: number, input: Partial<RoleData>) {
  const current = await findRole(db, id)
  assertNotDefault('roles', id)
  if (input.name === undefined || input.name === current.name) return { data: roleResource(current) }
  await assertNameFree(db, input.name, id)
  try {
    const [row] = await db
      .update(roles)
      .set({ name: input.name, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning()
    return { data: roleResource(row ?? current) }
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
}

const hasUsers = () => new HttpError(422, msg('server.roles.hasUsers'))

export async function deleteRole(db: Database, id: number): Promise<void> {
  await findRole(db, id)
  assertNotDefault('roles', id)
  const [holders] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id))
  if ((holders?.n ?? 0) > 0) throw hasUsers()
  try {
    await db.delete(roles).where(eq(roles.id, id))
  } catch (error) {
    // A user was given the role between the check and the delete.
    if (isForeignKeyViolation(error)) throw hasUsers()
    throw error
  }
}
