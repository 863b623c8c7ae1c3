import { DEMO_ACCOUNTS, type DemoAccount } from '@teplo/domain'
import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { users } from '../users/users.tables.ts'

/**
 * The demo accounts that still sign in with their published passwords: an installation is a demo while any does.
 * The answer is recomputed only when a demo account's stored hash changed (a password change, a reset, a deleted
 * or recreated account), so a request costs one indexed read and no hashing.
 */
export class DemoLogins {
  private fingerprint: string | null = null
  private valid: readonly DemoAccount[] = []
  private computing: Promise<readonly DemoAccount[]> | null = null

  constructor(private readonly db: Database) {}

  async current(): Promise<readonly DemoAccount[]> {
    const rows = await this.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      )
    const fingerprint = rows
      .map((row) => `${row.email}:${row.passwordHash}`)
      .sort()
      .join('\n')
    if (fingerprint === this.fingerprint) return this.valid
    // Parallel first requests share one computation.
    this.computing ??= this.compute(rows, fingerprint).finally(() => {
      this.computing = null
    })
    return this.computing
  }

  private async compute(rows: { email: string; passwordHash: string }[], fingerprint: string) {
    const hashes = new Map(rows.map((row) => [row.email, row.passwordHash]))
    const checks = await Promise.all(
      DEMO_ACCOUNTS.map(async (account) => {
        const hash = hashes.get(account.email)
        return hash !== undefined && (await verifyPassword(account.password, hash))
      }),
    )
    this.valid = DEMO_ACCOUNTS.filter((_, index) => checks[index])
    this.fingerprint = fingerprint
    return this.valid
  }
}
