import type { Language, ProfileChange, ProfileUpdate } from '@teplo/domain'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { tokens, users } from '../../db/schema.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import { isUniqueViolation } from '../../lib/database-errors.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { revokeUserTokens } from '../auth/access-tokens.ts'
import { normalizeEmail } from '../auth/auth.service.ts'
import { emailTaken } from '../users/user-input.ts'

export const WRONG_CURRENT_PASSWORD = 'Невірний поточний пароль'

export type Session = { userId: number; tokenId: number }

export async function checkPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) throw notFound()
  return verifyPassword(password, user.passwordHash)
}

/** 422 on `current_password` unless it is the user's password. */
export async function requireCurrentPassword(db: Database, userId: number, password: string): Promise<void> {
  if (!(await checkPassword(db, userId, password)))
    throw invalidField('current_password', WRONG_CURRENT_PASSWORD)
}

async function changeEmail(db: Database, userId: number, email: string): Promise<void> {
  const normalized = normalizeEmail(email)
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized)).limit(1)
  if (owner?.id === userId) return
  if (owner) throw emailTaken()
  try {
    await db.update(users).set({ email: normalized, updatedAt: new Date() }).where(eq(users.id, userId))
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
  // A reset link already mailed names the old address; it must not outlive the change.
  await revokeUserTokens(db, userId, 'password_reset')
}

// Other sessions end (a changed password should lock out whoever knew the old one); this one stays.
async function changePassword(db: Database, session: Session, password: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, session.userId))
    await tx
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(tokens.userId, session.userId),
          eq(tokens.kind, 'access'),
          isNull(tokens.revokedAt),
          ne(tokens.id, session.tokenId),
        ),
      )
    await revokeUserTokens(tx, session.userId, 'password_reset')
  })
}

export async function updateProfile(
  db: Database,
  events: AppEventBus,
  session: Session,
  update: ProfileUpdate,
): Promise<void> {
  // The change is checked (current password, a taken e-mail) before the language is stored with it.
  if (update.change) await applyProfileChange(db, session, update.change)
  if (update.language) await changeLanguage(db, session.userId, update.language)
  // The other sessions a new password ended, and the name and address the session carries.
  events.emit('user.access-changed', { userId: session.userId })
}

async function changeLanguage(db: Database, userId: number, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId))
}

async function applyProfileChange(db: Database, session: Session, change: ProfileChange): Promise<void> {
  switch (change.kind) {
    case 'name':
      await db
        .update(users)
        .set({ name: change.name, updatedAt: new Date() })
        .where(eq(users.id, session.userId))
      return
    case 'password':
      await requireCurrentPassword(db, session.userId, change.currentPassword)
      await changePassword(db, session, change.password)
      return
    case 'email':
      if (change.currentPassword !== undefined) {
        await requireCurrentPassword(db, session.userId, change.currentPassword)
      }
      await changeEmail(db, session.userId, change.email)
      return
  }
}
