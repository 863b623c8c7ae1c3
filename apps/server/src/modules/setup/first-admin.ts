import { DEFAULT_LANGUAGE, type Language, msg } from '@teplo/domain'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { normalizeEmail } from '../auth/auth.service.ts'
import { roles } from '../roles/roles.tables.ts'
import { assertEmailFree, emailTaken } from '../users/user-input.ts'
import { userRoles, users } from '../users/users.tables.ts'
import { setupLinks } from './setup.tables.ts'

/** How long a printed setup link works (a new one is printed at every start while no administrator exists). */
export const SETUP_LINK_HOURS = 24

// Two setup links opened at once, or the link and `npm run admin:create`: one administrator is made first.
const FIRST_ADMIN_LOCK = 7_303_044

export const SETUP_MESSAGES = {
  invalidLink: msg('server.setup.linkInvalid'),
  adminExists: msg('server.setup.adminExists'),
} as const

export type NewAdmin = { name: string; email: string; password: string; language?: Language | undefined }

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

async function adminCount(db: Database | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, 'admin'))
  return row?.n ?? 0
}

export async function hasAdmin(db: Database): Promise<boolean> {
  return (await adminCount(db)) > 0
}

/**
 * At start: while the installation has no administrator, a new one-time link that creates one (printed, never
 * logged); null once one exists. Expired links are deleted on the way.
 */
export async function issueSetupLink(db: Database, appUrl: string, now = new Date()): Promise<string | null> {
  if (await hasAdmin(db)) {
    await db.delete(setupLinks)
    return null
  }
  const token = generateSecret()
  await db.delete(setupLinks).where(sql`${setupLinks.expiresAt} <= ${now.toISOString()}`)
  await db.insert(setupLinks).values({
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000),
  })
  return `${appUrl}/setup?token=${encodeURIComponent(token)}`
}

/** Whether a setup link still works: unknown, expired or spent (an administrator exists) → 404. */
export async function checkSetupToken(db: Database, token: string, now = new Date()): Promise<void> {
  const [link] = await db
    .select({ tokenHash: setupLinks.tokenHash })
    .from(setupLinks)
    .where(and(eq(setupLinks.tokenHash, sha256(token)), gt(setupLinks.expiresAt, now)))
    .limit(1)
  if (!link) throw new HttpError(404, SETUP_MESSAGES.invalidLink)
  if (await hasAdmin(db)) throw new HttpError(409, SETUP_MESSAGES.adminExists)
}

/**
 * Creates an administrator. With a setup link (`token`): only while none exists, and the link is spent with
 * every other. Without one (`npm run admin:create`, run by whoever holds the server's configuration): always.
 */
export async function createAdmin(
  db: Database,
  input: NewAdmin,
  options: { token?: string | undefined; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date()
  const email = normalizeEmail(input.email)
  if (options.token !== undefined) await checkSetupToken(db, options.token, now)
  await assertEmailFree(db, email)
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`)
    if (options.token !== undefined) {
      const [link] = await tx
        .select({ tokenHash: setupLinks.tokenHash })
        .from(setupLinks)
        .where(and(eq(setupLinks.tokenHash, sha256(options.token)), gt(setupLinks.expiresAt, now)))
        .limit(1)
      if (!link) throw new HttpError(404, SETUP_MESSAGES.invalidLink)
      if ((await adminCount(tx)) > 0) throw new HttpError(409, SETUP_MESSAGES.adminExists)
    }
    const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin')).limit(1)
    if (!adminRole) throw new Error('the admin role is missing: the database was not seeded')
    const [created] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email,
        passwordHash,
        language: input.language ?? DEFAULT_LANGUAGE,
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (!created) throw emailTaken()
    await tx.insert(userRoles).values({ userId: created.id, roleId: adminRole.id })
    // Every outstanding link is spent: the installation has its administrator.
    await tx.delete(setupLinks)
    return created.id
  })
}
