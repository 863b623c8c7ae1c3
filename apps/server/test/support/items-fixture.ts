// Shared set-up of the items API tests (items.test.ts, items-settings.test.ts).
import { DEMO_ACCOUNTS, type RoleName } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { items, roles, userRoles, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/lib/passwords.ts'
import { bearer, build, loginAs, type TestApp } from './helper.ts'

export type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}
export type ItemDoc = {
  data: {
    id: string
    type: string
    attributes: Record<string, unknown>
    relationships: Record<string, unknown>
  }
}

export const account = (role: RoleName) => DEMO_ACCOUNTS.find((a) => a.role === role)!

export let app: TestApp
export const token: Record<'admin' | 'creator' | 'user' | 'otherUser' | 'otherCreator', string> = {
  admin: '',
  creator: '',
  user: '',
  otherUser: '',
  otherCreator: '',
}
export const userId: Record<string, number> = {}
export const itemId: Record<string, number> = {}
export const events: { name: string; itemId: number }[] = []

async function addAccount(email: string, role: RoleName) {
  const [role_] = await app.db.select().from(roles).where(eq(roles.name, role))
  const [user] = await app.db
    .insert(users)
    .values({ name: email, email, passwordHash: await hashPassword('password-123') })
    .returning()
  await app.db.insert(userRoles).values({ userId: user!.id, roleId: role_!.id })
  return loginAs(app, email, 'password-123')
}

// One app per test file, seeded with the demo data plus a second user and creator.
export function useItemsFixture() {
  beforeAll(async () => {
    app = await build()
    for (const role of ['admin', 'creator', 'user'] as const) {
      token[role] = await loginAs(app, account(role).email, account(role).password)
      const [row] = await app.db
        .select()
        .from(users)
        .where(eq(users.email, account(role).email))
      userId[role] = row!.id
    }
    token.otherUser = await addAccount('other-user@teplo.test', 'user')
    token.otherCreator = await addAccount('other-creator@teplo.test', 'creator')
    for (const row of await app.db.select().from(items)) itemId[row.serialNumber] = row.id
    for (const name of ['item.settings-changed', 'item.updated', 'item.deleted'] as const) {
      app.events.on(name, (event: { itemId: number }) => events.push({ name, itemId: event.itemId }))
    }
  })
  afterAll(async () => {
    await app?.closeAll()
  })
  beforeEach(() => {
    events.length = 0
  })
}

export const get = (url: string, who: keyof typeof token) =>
  app.inject({ method: 'GET', url, headers: bearer(token[who]) })
export const patch = (id: number, who: keyof typeof token, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v2/items/${id}`, headers: bearer(token[who]), payload })
export const firstError = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors[0]
export const stored = async (id: number) => (await app.db.select().from(items).where(eq(items.id, id)))[0]!
export const setState = (id: number, values: Partial<typeof items.$inferInsert>) =>
  app.db.update(items).set(values).where(eq(items.id, id))
