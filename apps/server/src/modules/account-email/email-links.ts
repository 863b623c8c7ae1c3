import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { emailLinks } from './account-email.tables.ts'

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type EmailLinkPurpose = 'verify' | 'change' | 'undo'
export type EmailLinkRow = typeof emailLinks.$inferSelect

/** Days each link works: proving an address, applying a new one, and the old address's undo (ADR 034). */
export const LINK_LIFETIME_DAYS: Record<EmailLinkPurpose, number> = { verify: 3, change: 3, undo: 7 }

/** A new single-use link of `purpose` about `email`; the earlier open ones of that purpose are spent. */
export async function issueEmailLink(
  db: Database | Transaction,
  userId: number,
  purpose: EmailLinkPurpose,
  email: string,
  now = new Date(),
): Promise<string> {
  await spendOpenLinks(db, userId, [purpose], now)
  const secret = generateSecret()
  await db.insert(emailLinks).values({
    userId,
    purpose,
    email,
    tokenHash: sha256(secret),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_DAYS[purpose] * 86_400_000),
    createdAt: now,
  })
  return secret
}

export async function spendOpenLinks(
  db: Database | Transaction,
  userId: number,
  purposes: EmailLinkPurpose[],
  now = new Date(),
): Promise<void> {
  await db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(
      and(eq(emailLinks.userId, userId), inArray(emailLinks.purpose, purposes), isNull(emailLinks.usedAt)),
    )
}

/** The open link a mailed token names, locked for the transaction that spends it; undefined when none. */
export async function openLink(
  tx: Transaction,
  token: string,
  purposes: EmailLinkPurpose[],
  now = new Date(),
): Promise<EmailLinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailLinks)
    .where(
      and(
        eq(emailLinks.tokenHash, sha256(token)),
        inArray(emailLinks.purpose, purposes),
        isNull(emailLinks.usedAt),
        gt(emailLinks.expiresAt, now),
      ),
    )
    .limit(1)
    .for('update')
  return row
}

/** The new address waiting for its link to be opened, or null. */
export async function pendingEmail(db: Database, userId: number, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ email: emailLinks.email })
    .from(emailLinks)
    .where(
      and(
        eq(emailLinks.userId, userId),
        eq(emailLinks.purpose, 'change'),
        isNull(emailLinks.usedAt),
        gt(emailLinks.expiresAt, now),
      ),
    )
    .limit(1)
  return row?.email ?? null
}
