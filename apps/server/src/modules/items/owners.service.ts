import { asc, ilike, or } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { escapeLike } from '../../lib/list-query.ts'
import { users } from '../users/users.tables.ts'

export const OWNER_SEARCH_LIMIT = 10

/** Accounts whose name or e-mail contains the text, for the installer's «Власник» choice (at most 10). */
export async function searchOwners(db: Database, search: string | undefined) {
  const needle = search?.trim()
  const pattern = needle ? `%${escapeLike(needle)}%` : undefined
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined)
    .orderBy(asc(users.name), asc(users.id))
    .limit(OWNER_SEARCH_LIMIT)
  return {
    data: rows.map((row) => ({
      type: 'owners' as const,
      id: String(row.id),
      attributes: { name: row.name, email: row.email },
    })),
  }
}
