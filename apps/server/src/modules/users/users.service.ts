import type { UserCreateData, UserUpdateData } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField } from '../../lib/api-error.ts'
import { isUniqueViolation } from '../../lib/database-errors.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { normalizeEmail } from '../auth/auth.service.ts'
import { tokens } from '../auth/auth.tables.ts'
import { items } from '../items/items.tables.ts'
import { assertNotDefault } from '../roles/default-records.ts'
import { findUser, userDocument } from './user-document.ts'
import {
  assertEmailFree,
  checkProfileImage,
  emailTaken,
  type ResolvedRole,
  resolveRoles,
} from './user-input.ts'
import { rolesOfUser } from './user-roles.ts'
import { userRoles, users } from './users.tables.ts'

// Who is acting: the admin's own account and token are treated specially.
export type Actor = { userId: number; tokenId: number }

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

async function setRoles(tx: Tx, userId: number, roleList: ResolvedRole[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId))
  await tx.insert(userRoles).values(roleList.map((role, position) => ({ userId, roleId: role.id, position })))
}

export async function createUser(db: Database, input: UserCreateData) {
  const email = normalizeEmail(input.email)
  await assertEmailFree(db, email)
  const roleList = await resolveRoles(db, input.roles)
  const profileImage = checkProfileImage(input.profile_image) ?? null
  const passwordHash = await hashPassword(input.password)
  const userId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: input.name, email, passwordHash, profileImage })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (!created) throw emailTaken()
    await setRoles(tx, created.id, roleList)
    return created.id
  })
  return userDocument(db, userId)
}

const sameIds = (a: { id: number }[], b: { id: number }[]) =>
  a.length === b.length && a.every((role, i) => role.id === b[i]?.id)

export async function updateUser(
  db: Database,
  events: AppEventBus,
  actor: Actor,
  id: number,
  input: UserUpdateData,
) {
  const current = await findUser(db, id)
  const changes: Partial<typeof users.$inferInsert> = {}
  if (input.name !== undefined) changes.name = input.name
  if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
    changes.email = normalizeEmail(input.email)
    // An address an admin types is not a proven mailbox (ADR 034).
    changes.emailVerifiedAt = null
    await assertEmailFree(db, changes.email, id)
  }
  const profileImage = checkProfileImage(input.profile_image)
  if (profileImage !== undefined) changes.profileImage = profileImage
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password)

  let newRoles: ResolvedRole[] | undefined
  if (input.roles !== undefined) {
    const requested = await resolveRoles(db, input.roles)
    // The edit form always sends the role; only a real change is checked.
    if (!sameIds(requested, await rolesOfUser(db, id))) {
      assertNotDefault('users', id)
      if (actor.userId === id && requested[0]?.name !== 'admin') {
        throw invalidField('roles', msg('server.users.ownAdminRole'))
      }
      newRoles = requested
    }
  }
  if (Object.keys(changes).length === 0 && !newRoles) return userDocument(db, id)

  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
      if (newRoles) await setRoles(tx, id, newRoles)
      if (changes.passwordHash) await revokeSessions(tx, id, actor)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  // Roles and a new password change what the user's tokens allow, or end them.
  events.emit('user.access-changed', { userId: id })
  return userDocument(db, id)
}

// A new password ends the user's sessions; an admin changing their own keeps the session in use.
async function revokeSessions(tx: Tx, userId: number, actor: Actor) {
  const open = and(eq(tokens.userId, userId), eq(tokens.kind, 'access'), isNull(tokens.revokedAt))
  await tx
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(actor.userId === userId ? and(open, ne(tokens.id, actor.tokenId)) : open)
}

// Devices, their errors and telemetry, and the user's tokens go with the account (foreign-key cascades).
export async function deleteUser(db: Database, events: AppEventBus, actor: Actor, id: number): Promise<void> {
  await findUser(db, id)
  if (actor.userId === id) {
    throw new HttpError(422, msg('server.users.deleteSelf'))
  }
  assertNotDefault('users', id)
  const devices = await db.transaction(async (tx) => {
    const owned = await tx
      .select({ itemId: items.id, serialNumber: items.serialNumber })
      .from(items)
      .where(eq(items.userId, id))
    await tx.delete(users).where(eq(users.id, id))
    return owned
  })
  events.emit('user.access-changed', { userId: id })
  for (const device of devices) events.emit('item.deleted', device)
}
