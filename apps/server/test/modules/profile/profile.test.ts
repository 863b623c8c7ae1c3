import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  categories,
  itemErrors,
  items,
  roles,
  telemetry,
  tokens,
  userRoles,
  users,
} from '../../../src/db/schema.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }
const firstError = (res: { json: <T>() => T }) => res.json<ErrorDoc>().errors[0]

let registered = 0
// A fresh account per test keeps the password and e-mail changes independent.
async function newAccount(password = 'first-password', extra: { language?: unknown } = {}) {
  registered += 1
  const email = `person${registered}@example.com`
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/register',
    // One address each, so the file's registrations stay under the per-address limit.
    remoteAddress: `192.0.2.${registered}`,
    payload: { name: `Людина ${registered}`, email, password, password_confirmation: password, ...extra },
  })
  expect(res.statusCode).toBe(200)
  const token = res.json<{ access_token: string }>().access_token
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return { email, password, token, id: user!.id }
}

const patchMe = (token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/v2/me', headers: bearer(token), payload })

describe('PATCH /api/v2/me', () => {
  it('changes the name and answers the profile document', async () => {
    const account = await newAccount()
    const res = await patchMe(account.token, { name: '  Марія  ' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(res.json().data).toMatchObject({
      type: 'users',
      id: String(account.id),
      attributes: { name: 'Марія' },
    })

    const jsonApi = await patchMe(account.token, {
      data: { type: 'profile', attributes: { name: 'Марія К.' } },
    })
    expect(jsonApi.json().data.attributes.name).toBe('Марія К.')
  })

  it('answers 422 for a blank name, an empty change and mixed changes', async () => {
    const account = await newAccount()
    const blank = await patchMe(account.token, { name: '   ' })
    expect(blank.statusCode).toBe(422)
    expect(firstError(blank)).toMatchObject({
      detail: "Введіть ім'я",
      source: { pointer: '/data/attributes/name' },
    })

    const empty = await patchMe(account.token, { type: 'profile' })
    expect(empty.statusCode).toBe(422)
    expect(firstError(empty)).toMatchObject({
      detail: "Вкажіть, що змінити: ім'я, email або пароль.",
      source: { pointer: '/data/attributes' },
    })

    const mixed = await patchMe(account.token, { name: 'Нова', email: 'new-mixed@example.com' })
    expect(mixed.statusCode).toBe(422)
    expect(firstError(mixed)?.detail).toBe("Ім'я, email і пароль змінюються окремо.")
    const [user] = await app.db.select().from(users).where(eq(users.id, account.id))
    expect(user).toMatchObject({ name: `Людина ${registered}`, email: account.email })
  })

  it('changes the password after checking the current one and ends the other sessions only', async () => {
    const account = await newAccount()
    const otherSession = await loginAs(app, account.email, account.password)
    const change = { password: 'second-password', password_confirmation: 'second-password' }

    const wrong = await patchMe(account.token, { current_password: 'not-my-password', ...change })
    expect(wrong.statusCode).toBe(422)
    expect(firstError(wrong)).toMatchObject({
      detail: 'Невірний поточний пароль',
      source: { pointer: '/data/attributes/current_password' },
    })

    const ok = await patchMe(account.token, { current_password: account.password, ...change })
    expect(ok.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(account.token) })).statusCode,
    ).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(otherSession) })).statusCode,
    ).toBe(401)
    await expect(loginAs(app, account.email, account.password)).rejects.toThrow(/401/)
    expect(await loginAs(app, account.email, 'second-password')).toBeTruthy()
  })

  it('answers 422 for a short new password, a differing confirmation and a missing current password', async () => {
    const account = await newAccount()
    const short = await patchMe(account.token, {
      current_password: account.password,
      password: 'short',
      password_confirmation: 'short',
    })
    expect(firstError(short)).toMatchObject({
      detail: 'Пароль має бути не менше 8 символів!',
      source: { pointer: '/data/attributes/password' },
    })
    const differs = await patchMe(account.token, {
      current_password: account.password,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    })
    expect(firstError(differs)).toMatchObject({
      detail: 'Паролі мають збігатися',
      source: { pointer: '/data/attributes/password_confirmation' },
    })
    const noCurrent = await patchMe(account.token, {
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    })
    expect(noCurrent.statusCode).toBe(422)
    expect(firstError(noCurrent)?.source?.pointer).toBe('/data/attributes/current_password')
    expect(await loginAs(app, account.email, account.password)).toBeTruthy()
  })

  it('asks for the e-mail change (lower-cased) with the password, refusing one that is taken or malformed', async () => {
    const account = await newAccount()
    const taken = await patchMe(account.token, {
      email: admin.email.toUpperCase(),
      current_password: account.password,
    })
    expect(taken.statusCode).toBe(422)
    expect(firstError(taken)).toMatchObject({
      detail: 'Ця пошта вже зареєстрована.',
      source: { pointer: '/data/attributes/email' },
    })
    const malformed = await patchMe(account.token, { email: 'nope' })
    expect(firstError(malformed)?.source?.pointer).toBe('/data/attributes/email')

    // Waits for the link mailed to the new address (account-email.test.ts follows it through).
    const ok = await patchMe(account.token, {
      email: 'Moved.Person@Example.com',
      current_password: account.password,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.attributes).toMatchObject({
      email: account.email,
      pending_email: 'moved.person@example.com',
    })
    expect(await loginAs(app, account.email, account.password)).toBeTruthy()

    // The current address again withdraws the waiting change.
    const same = await patchMe(account.token, { email: account.email })
    expect(same.statusCode).toBe(200)
  })

  it('checks the current password when it comes with an e-mail change, and refuses without one', async () => {
    const account = await newAccount()
    const wrong = await patchMe(account.token, {
      email: 'checked@example.com',
      current_password: 'wrong-one',
    })
    expect(wrong.statusCode).toBe(422)
    expect(firstError(wrong)?.source?.pointer).toBe('/data/attributes/current_password')
    const without = await patchMe(account.token, { email: 'checked@example.com' })
    expect(without.statusCode).toBe(403)
    const right = await patchMe(account.token, {
      email: 'checked@example.com',
      current_password: account.password,
    })
    expect(right.json().data.attributes.pending_email).toBe('checked@example.com')
  })

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/api/v2/me', payload: { name: 'x' } })
    expect(res.statusCode).toBe(401)
  })
})

describe("the account's language", () => {
  const getMe = (token: string) => app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
  const storedLanguage = async (id: number) =>
    (await app.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language

  it("is 'uk' by default and round-trips through PATCH and GET /me", async () => {
    const account = await newAccount()
    expect((await getMe(account.token)).json().data.attributes.language).toBe('uk')

    const english = await patchMe(account.token, { language: 'en' })
    expect(english.statusCode).toBe(200)
    expect(english.json().data.attributes).toMatchObject({ language: 'en', name: `Людина ${registered}` })
    expect((await getMe(account.token)).json().data.attributes.language).toBe('en')
    expect(await storedLanguage(account.id)).toBe('en')

    const back = await patchMe(account.token, {
      data: { type: 'users', attributes: { language: 'uk' } },
    })
    expect(back.json().data.attributes.language).toBe('uk')
  })

  it('comes with a name change, and an echo of the whole account changes only what differs', async () => {
    const account = await newAccount()
    const both = await patchMe(account.token, { name: 'Anna', language: 'en' })
    expect(both.statusCode).toBe(200)
    expect(both.json().data.attributes).toMatchObject({ name: 'Anna', language: 'en' })

    const echoed = (await getMe(account.token)).json().data
    const echo = await patchMe(account.token, {
      data: { ...echoed, attributes: { ...echoed.attributes, language: 'uk' } },
    })
    expect(echo.statusCode).toBe(200)
    expect(echo.json().data.attributes).toMatchObject({ name: 'Anna', language: 'uk', email: account.email })

    // The account as it is now, sent back as it is: nothing to change, still 200. (The first echo is stale by
    // now — its updated_at is before the change above — and a stale read-only member is refused.)
    const current = (await getMe(account.token)).json().data
    const unchanged = await patchMe(account.token, { data: current })
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json().data.attributes).toMatchObject({ name: 'Anna', language: 'uk' })
  })

  it('is stored only after the change it comes with succeeds', async () => {
    const account = await newAccount()
    const wrong = await patchMe(account.token, {
      current_password: 'not-mine',
      password: 'second-password',
      password_confirmation: 'second-password',
      language: 'en',
    })
    expect(wrong.statusCode).toBe(422)
    expect(await storedLanguage(account.id)).toBe('uk')
  })

  it('answers 422 on /data/attributes/language for anything but uk or en, in Ukrainian', async () => {
    const account = await newAccount()
    for (const language of ['de', 'EN', '', null, 1, ['en']]) {
      const res = await patchMe(account.token, { language })
      expect(res.statusCode, JSON.stringify(language)).toBe(422)
      expect(firstError(res)).toMatchObject({
        detail: 'Мова має бути uk (українська) або en (англійська)',
        source: { pointer: '/data/attributes/language' },
      })
    }
    expect(await storedLanguage(account.id)).toBe('uk')
  })

  it('may be chosen at registration, and a wrong one is a 422 there too', async () => {
    const account = await newAccount('first-password', { language: 'en' })
    expect((await getMe(account.token)).json().data.attributes.language).toBe('en')

    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      remoteAddress: '198.51.100.77',
      payload: {
        name: 'Хтось',
        email: 'wrong-language@example.com',
        password: 'first-password',
        password_confirmation: 'first-password',
        language: 'fr',
      },
    })
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({ source: { pointer: '/data/attributes/language' } })
  })

  it("is not shown on the account in /users (administrators see no one's preference)", async () => {
    const account = await newAccount('first-password', { language: 'en' })
    const adminToken = await loginAs(app, admin.email, admin.password)
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/users/${account.id}`,
      headers: bearer(adminToken),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).not.toHaveProperty('language')
  })
})

describe('POST /api/v2/auth/check-password', () => {
  it('answers 204 for the right password and 401 for a wrong one', async () => {
    const account = await newAccount()
    const check = (password: string, token = account.token) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/auth/check-password',
        headers: bearer(token),
        payload: { password },
      })
    expect((await check(account.password)).statusCode).toBe(204)
    const wrong = await check('not-my-password')
    expect(wrong.statusCode).toBe(401)
    expect(firstError(wrong)?.detail).toBe('Невірний поточний пароль')
    // The session itself is still fine after a wrong guess.
    expect((await check(account.password)).statusCode).toBe(204)
    expect(
      (await app.inject({ method: 'POST', url: '/api/v2/auth/check-password', payload: { password: 'x' } }))
        .statusCode,
    ).toBe(401)
  })

  it('answers 422 for a missing password and 429 after ten checks a minute', async () => {
    const account = await newAccount()
    const check = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/auth/check-password',
        headers: bearer(account.token),
        payload,
      })
    const missing = await check({})
    expect(missing.statusCode).toBe(422)
    expect(firstError(missing)?.source?.pointer).toBe('/data/attributes/password')
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await check({ password: `guess-${i}` })).statusCode)
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true)
    expect(statuses[9]).toBe(429)
  })
})

const deleteMe = (token: string, password?: string) =>
  app.inject({
    method: 'DELETE',
    url: '/api/v2/me',
    headers: bearer(token),
    ...(password === undefined ? {} : { payload: { current_password: password } }),
  })

describe('DELETE /api/v2/me', () => {
  it('needs the current password: 403 without it, 422 on current_password when empty or wrong; nothing is deleted', async () => {
    const account = await newAccount()
    const missing = await deleteMe(account.token)
    expect(missing.statusCode).toBe(403)
    expect(firstError(missing)?.detail).toBe(
      'Підтвердіть поточний пароль: ця дія можлива лише протягом 5 хвилин після його введення',
    )
    const empty = await deleteMe(account.token, '')
    expect(empty.statusCode).toBe(422)
    expect(firstError(empty)?.source?.pointer).toBe('/data/attributes/current_password')
    const wrong = await deleteMe(account.token, 'not-my-password')
    expect(wrong.statusCode).toBe(422)
    expect(firstError(wrong)?.source?.pointer).toBe('/data/attributes/current_password')
    expect(firstError(wrong)?.detail).toBe('Невірний поточний пароль')
    expect(await app.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(1)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(account.token) })).statusCode,
    ).toBe(200)
    // A JSON:API document is read the same way.
    const document = await app.inject({
      method: 'DELETE',
      url: '/api/v2/me',
      headers: { ...bearer(account.token), 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify({
        data: { type: 'profile', attributes: { current_password: account.password } },
      }),
    })
    expect(document.statusCode).toBe(204)
  })

  it('removes the account with its devices, their data and its tokens', async () => {
    const account = await newAccount()
    const [category] = await app.db.select({ id: categories.id }).from(categories).limit(1)
    const [item] = await app.db
      .insert(items)
      .values({ userId: account.id, categoryId: category!.id, name: 'Котел', serialNumber: '990001' })
      .returning({ id: items.id })
    await app.db.insert(itemErrors).values({ itemId: item!.id, errorCode: 'E1', errorTime: new Date() })
    await app.db.insert(telemetry).values({ itemId: item!.id, recordedAt: new Date(), heaterTemp: 55 })

    const res = await deleteMe(account.token, account.password)
    expect(res.statusCode).toBe(204)
    expect(await app.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(0)
    expect(await app.db.select().from(items).where(eq(items.id, item!.id))).toHaveLength(0)
    expect(await app.db.select().from(itemErrors).where(eq(itemErrors.itemId, item!.id))).toHaveLength(0)
    expect(await app.db.select().from(telemetry).where(eq(telemetry.itemId, item!.id))).toHaveLength(0)
    expect(await app.db.select().from(tokens).where(eq(tokens.userId, account.id))).toHaveLength(0)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(account.token) })).statusCode,
    ).toBe(401)
    await expect(loginAs(app, account.email, account.password)).rejects.toThrow(/401/)
  })

  it('keeps the last administrator, and lets an administrator go when another remains', async () => {
    const adminToken = await loginAs(app, admin.email, admin.password)
    const last = await deleteMe(adminToken, admin.password)
    expect(last.statusCode).toBe(422)
    expect(firstError(last)?.detail).toContain('єдиний адміністратор')
    expect(
      (await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(adminToken) })).statusCode,
    ).toBe(200)

    const second = await newAccount()
    const [adminRole] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'))
    await app.db.update(userRoles).set({ roleId: adminRole!.id }).where(eq(userRoles.userId, second.id))
    const res = await deleteMe(second.token, second.password)
    expect(res.statusCode).toBe(204)
    expect(
      await app.db
        .select()
        .from(users)
        .where(inArray(users.id, [second.id])),
    ).toHaveLength(0)
  })

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/v2/me' })).statusCode).toBe(401)
  })
})
