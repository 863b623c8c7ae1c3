import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { notFound } from '../../lib/api-error.ts'
import { pendingEmail } from '../account-email/email-links.ts'
import { twoFactorStatus } from '../two-factor/totp.service.ts'
import { includedRoles, profileResource } from '../users/user-document.ts'
import { rolesOfUser } from '../users/user-roles.ts'
import { users } from '../users/users.tables.ts'

// The signed-in user as /me answers it; include=roles adds the roles as /users does.
export async function profileDocument(db: Database, userId: number, includeRoles: boolean) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw notFound()
  const [roles, pending, twoFactor] = await Promise.all([
    rolesOfUser(db, userId),
    pendingEmail(db, userId),
    twoFactorStatus(db, userId),
  ])
  const data = profileResource(user, roles, pending, twoFactor)
  if (!includeRoles) return { data }
  return { data, included: await includedRoles(db, [roles]) }
}
