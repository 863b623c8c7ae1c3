import { timingSafeEqual } from 'node:crypto'
import { isDeviceSerial } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { sha256 } from '../../lib/secrets.ts'
import { items } from '../items/items.tables.ts'

// Statuses whose controller may not use the link: not yet verified, or blocked by an administrator.
export const UNLINKED_STATUSES = ['pending', 'archive']

// Same-length digests, so the comparison time says nothing about the secret.
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'))
}

export type LoginCheck = 'ok' | 'wrong' | 'unlinked'

/**
 * 'ok' when username is the serial of a verified item and password the secret issued for it; 'unlinked' for the
 * right secret of an archived (or pending) item; 'wrong' otherwise.
 */
export async function checkDeviceLogin(
  db: Database,
  username: string | undefined,
  password: string | undefined,
): Promise<LoginCheck> {
  if (!username || !password || !isDeviceSerial(username)) return 'wrong'
  const [item] = await db
    .select({ secretHash: items.deviceSecretHash, status: items.status })
    .from(items)
    .where(eq(items.serialNumber, username))
    .limit(1)
  if (!item?.secretHash) return 'wrong'
  const given = Buffer.from(sha256(password), 'hex')
  const stored = Buffer.from(item.secretHash, 'hex')
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return 'wrong'
  return UNLINKED_STATUSES.includes(item.status) ? 'unlinked' : 'ok'
}
