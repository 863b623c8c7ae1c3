import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpSecrets, users } from '../../src/db/schema.ts'
import { bearer, build, loginAs, type TestApp } from '../support/helper.ts'
import { addPerson, type Person } from '../support/sharing-fixture.ts'

// The account-security routes (ADR 041) name no account: each acts on the caller's own, so the matrix is who may
// call them at all (anonymous: 401, except the sign-in step, whose challenge is the authority) and that what one
// caller does lands on their own account. A new route under these paths fails here until it is given its row.

/** `badBody`: the anonymous answer to a malformed body when it differs (a public call is validated first). */
type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  payload: object
  anonymous: number
  badBody?: number
}
const ACCOUNT_ROUTES: Record<string, Row> = {
  'POST /api/v2/me/two-factor/totp': {
    method: 'POST',
    payload: { current_password: 'password-123' },
    anonymous: 401,
  },
  'POST /api/v2/me/two-factor/totp/confirm': { method: 'POST', payload: { code: '123456' }, anonymous: 401 },
  'DELETE /api/v2/me/two-factor/totp': {
    method: 'DELETE',
    payload: { current_password: 'password-123' },
    anonymous: 401,
  },
  // Administrators only (two-factor-required.test.ts: 403 for the others, 409 for one without a second factor).
  'GET /api/v2/security-settings': { method: 'GET', payload: {}, anonymous: 401 },
  'PATCH /api/v2/security-settings': {
    method: 'PATCH',
    payload: { require_two_factor: true },
    anonymous: 401,
  },
  'GET /api/v2/me/passkeys': { method: 'GET', payload: {}, anonymous: 401 },
  'POST /api/v2/me/passkeys/options': {
    method: 'POST',
    payload: { current_password: 'password-123' },
    anonymous: 401,
  },
  'POST /api/v2/me/passkeys': { method: 'POST', payload: { response: {} }, anonymous: 401 },
  'DELETE /api/v2/me/passkeys/{id}': { method: 'DELETE', payload: {}, anonymous: 401 },
  // Anonymous by design: the challenge, or the passkey's signature, is the authority.
  'POST /api/v2/login/two-factor/passkey-options': {
    method: 'POST',
    payload: { challenge_token: 'made-up' },
    anonymous: 401,
    badBody: 422,
  },
  'POST /api/v2/login/passkey/options': { method: 'POST', payload: {}, anonymous: 200, badBody: 200 },
  'POST /api/v2/login/passkey': {
    method: 'POST',
    payload: {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    },
    anonymous: 401,
    badBody: 422,
  },
  // Anonymous by design: a made-up challenge is refused like an expired one.
  'POST /api/v2/login/two-factor': {
    method: 'POST',
    payload: { challenge_token: 'made-up', code: '123456' },
    anonymous: 401,
    badBody: 422,
  },
}
const ACCOUNT_PATH =
  /^\/api\/v2\/(me\/two-factor|me\/passkeys|login\/two-factor|login\/passkey|security-settings)(\/|$)/

let app: TestApp
const people: Record<string, Person> = {}
beforeAll(async () => {
  app = await build()
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
  const [adminRow] = await app.db.select().from(users).where(eq(users.email, admin.email))
  people.admin = {
    id: adminRow!.id,
    email: admin.email,
    token: await loginAs(app, admin.email, admin.password),
  }
  people.installer = await addPerson(app, 'installer@account-matrix.test', 'creator')
  people.owner = await addPerson(app, 'owner@account-matrix.test', 'user')
})
afterAll(async () => {
  await app?.closeAll()
})

describe('the account-security matrix', () => {
  it('lists every route under the account-security paths', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(routes.filter((route) => ACCOUNT_PATH.test(route.split(' ')[1]!)).sort()).toEqual(
      Object.keys(ACCOUNT_ROUTES).sort(),
    )
  })

  for (const [route, row] of Object.entries(ACCOUNT_ROUTES)) {
    it(`${route}: anonymous ${row.anonymous}, with a bad body ${row.badBody ?? row.anonymous}`, async () => {
      const url = route.split(' ')[1]!.replace('{id}', '1')
      const good = await app.inject({
        method: row.method,
        url,
        payload: row.method === 'GET' ? undefined : row.payload,
      })
      expect(good.statusCode).toBe(row.anonymous)
      if (row.method === 'GET') return
      const bad = { challenge_token: 7, code: { bad: [1] }, current_password: 7 }
      const refused = await app.inject({ method: row.method, url, payload: bad })
      expect(refused.statusCode).toBe(row.badBody ?? row.anonymous)
    })
  }

  it("acts on the caller's own account only, whoever calls", async () => {
    for (const [persona, person] of Object.entries(people)) {
      const password =
        persona === 'admin' ? DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.password : 'password-123'
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/me/two-factor/totp',
        headers: bearer(person.token),
        payload: { current_password: password },
      })
      expect(res.statusCode, persona).toBe(200)
    }
    const rows = await app.db.select({ userId: totpSecrets.userId }).from(totpSecrets)
    expect(rows.map((row) => row.userId).sort()).toEqual(
      Object.values(people)
        .map((p) => p.id)
        .sort(),
    )
    // One caller turning theirs off touches nobody else's.
    const off = await app.inject({
      method: 'DELETE',
      url: '/api/v2/me/two-factor/totp',
      headers: bearer(people.owner!.token),
      payload: {},
    })
    expect(off.statusCode).toBe(409)
    expect(await app.db.select().from(totpSecrets)).toHaveLength(3)
  })
})
