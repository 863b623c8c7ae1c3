import { timingSafeEqual } from 'node:crypto'
import { isDeviceSerial } from '@teplo/domain'
import { and, eq, notInArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { items } from '../../db/schema.ts'
import { sha256 } from '../../lib/secrets.ts'

// Statuses whose controller may not use the link: not yet verified, or blocked by an administrator.
export const UNLINKED_STATUSES = ['pending', 'archive']

// Same-length digests, so the comparison time says nothing about the secret.
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'))
}

/** True when username is the serial of a verified item and password the secret issued for it. */
export async function deviceCredentialsValid(
  db: Database,
  username: string | undefined,
  password: string | undefined,
): Promise<boolean> {
  if (!username || !password || !isDeviceSerial(username)) return false
  const [item] = await db
    .select({ secretHash: items.deviceSecretHash })
    .from(items)
    .where(and(eq(items.serialNumber, username), notInArray(items.status, UNLINKED_STATUSES)))
    .limit(1)
  if (!item?.secretHash) return false
  const given = Buffer.from(sha256(password), 'hex')
  const stored = Buffer.from(item.secretHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
