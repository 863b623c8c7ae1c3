// Accounts and devices for the sharing tests (sharing.test.ts, access-matrix.test.ts).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { RoleName, ShareLevel } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { categories, itemShares, items, roles, userRoles, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/lib/passwords.ts'
import { bearer, loginAs, type TestApp } from './helper.ts'

export type Person = { id: number; email: string; token: string }

let passwordHash: string | undefined

/** A new account with a role, signed in; its address proven unless `verified: false` (ADR 034). */
export async function addPerson(
  app: TestApp,
  email: string,
  role: RoleName,
  options: { verified?: boolean } = {},
): Promise<Person> {
  passwordHash ??= await hashPassword('password-123')
  const [role_] = await app.db.select().from(roles).where(eq(roles.name, role))
  const emailVerifiedAt = options.verified === false ? null : new Date()
  const [user] = await app.db
    .insert(users)
    .values({ name: email.split('@')[0]!, email, passwordHash, emailVerifiedAt })
    .returning()
  await app.db.insert(userRoles).values({ userId: user!.id, roleId: role_!.id })
  return { id: user!.id, email, token: await loginAs(app, email, 'password-123') }
}

let serial = 700_000

/** A paired device held by `ownerId`, with shares. */
export async function addDevice(app: TestApp, ownerId: number, shares: [number, ShareLevel][] = []) {
  const [category] = await app.db.select().from(categories).limit(1)
  const [item] = await app.db
    .insert(items)
    .values({
      userId: ownerId,
      categoryId: category!.id,
      name: `Котел ${++serial}`,
      owner: 'Власник',
      serialNumber: String(serial),
      status: 'on',
      deviceSecretHash: 'x'.repeat(64),
    })
    .returning()
  for (const [userId, access] of shares) {
    await app.db.insert(itemShares).values({ itemId: item!.id, userId, access })
  }
  return item!
}

export async function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'teplo-sharing-'))
}

export function request(app: TestApp, who: Person | null) {
  const headers = who ? bearer(who.token) : {}
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers, payload: payload ?? {} }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers, payload }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  }
}
