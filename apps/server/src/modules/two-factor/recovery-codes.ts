import { randomInt } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { sha256 } from '../../lib/secrets.ts'
import { recoveryCodes } from './two-factor.tables.ts'

export const RECOVERY_CODE_COUNT = 10
// Lower-case letters and digits without look-alikes (0/o, 1/l/i): ten of them carry about 50 bits.
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`
}

/** What a person may type for a code: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

/** A new set of codes replaces every earlier one; only their hashes are kept, the codes are answered once. */
export async function replaceRecoveryCodes(tx: Database | Transaction, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(normalizeRecoveryCode(code)) })))
  return codes
}

/** Spends a recovery code: true once per code, in one statement (two requests cannot both spend it). */
export async function spendRecoveryCode(db: Database, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code)
  if (normalized.length !== 10) return false
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return spent.length > 0
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.count ?? 0
}
