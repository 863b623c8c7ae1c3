import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { tokens } from '../auth/auth.tables.ts'

/** Whether a signed-in session is still valid (not signed out, not expired): long streams re-check it. */
export async function accessTokenActive(db: Database, tokenId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revokedAt), gt(tokens.expiresAt, new Date())))
    .limit(1)
  return row !== undefined
}
