import type { Language, ProfileChange, ProfileUpdate } from '@teplo/domain'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { type AccountEmailContext, requestEmailChange } from '../account-email/account-email.service.ts'
import { revokeUserTokens } from '../auth/access-tokens.ts'
import { tokens } from '../auth/auth.tables.ts'
import { requireCurrentPassword } from '../auth/recent-auth.ts'
import { users } from '../users/users.tables.ts'

export type Session = { userId: number; tokenId: number }

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
  context: AccountEmailContext,
  session: Session,
  update: ProfileUpdate,
): Promise<void> {
  const { db, events } = context
  // The change is checked (current password, a taken e-mail) before the language is stored with it.
  if (update.change) await applyProfileChange(context, session, update.change)
  if (update.language) await changeLanguage(db, session.userId, update.language)
  // The other sessions a new password ended, and the name the session carries.
  events.emit('user.access-changed', { userId: session.userId })
}

async function changeLanguage(db: Database, userId: number, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId))
}

async function applyProfileChange(
  context: AccountEmailContext,
  session: Session,
  change: ProfileChange,
): Promise<void> {
  const { db } = context
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
      // Applied only when the link mailed to the new address is opened (ADR 034).
      await requestEmailChange(context, session, change)
      return
  }
}
