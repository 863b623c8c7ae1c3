import { DEMO_ACCOUNTS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import type { DatabaseHandle } from '../../../src/db/client.ts'
import { rowsOf } from '../../../src/lib/sql-result.ts'
import { issueSetupLink } from '../../../src/modules/setup/first-admin.ts'
import {
  bearer,
  build,
  errorsOf,
  loginAs,
  openTestDatabase,
  type TestApp,
  testConfig,
} from '../../support/helper.ts'

// A real installation (DEMO=false) starts with no known password: no demo accounts or boilers, the first
// administrator from a one-time setup link (ADR 044).

const admin = { name: 'Оксана', email: 'Oksana@Factory.example', password: 'a-long-admin-password' }
const setupBody = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  ...admin,
  password_confirmation: admin.password,
  ...overrides,
})
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('a real installation (DEMO=false)', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await build({ DEMO: 'false', APP_URL: 'https://teplo.example' })
  })
  afterAll(async () => {
    await app?.closeAll()
  })

  it('seeds roles and device types, and no account or device', async () => {
    const count = async (table: string) =>
      rowsOf<{ n: number }>(await app.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n
    expect(await count('users')).toBe(0)
    expect(await count('items')).toBe(0)
    expect(await count('roles')).toBe(3)
    expect(await count('categories')).toBe(3)
    for (const account of DEMO_ACCOUNTS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email: account.email, password: account.password },
      })
      expect(res.statusCode).toBe(401)
    }
  })

  it('offers no demo logins', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/demo-logins' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).toEqual({ demo: false, accounts: [] })
  })

  it('checks a setup link: its own works, another or a malformed one does not', async () => {
    const link = await issueSetupLink(app.db, app.config.appUrl)
    expect(link).toMatch(/^https:\/\/teplo\.example\/setup\?token=[A-Za-z0-9_-]{43}$/)
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v2/setup/check',
      payload: { token: tokenOf(link!) },
    })
    expect(ok.statusCode).toBe(204)
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v2/setup/check',
      payload: { token: 'x'.repeat(43) },
    })
    expect(wrong.statusCode).toBe(404)
    expect(errorsOf(wrong)[0]!.detail).toBe('Посилання для налаштування недійсне або застаріло.')
    const english = await app.inject({
      method: 'POST',
      url: '/api/v2/setup/check',
      headers: { 'accept-language': 'en' },
      payload: { token: 'nope' },
    })
    expect(errorsOf(english)[0]!.detail).toBe('The setup link is not valid or has expired.')
    const missing = await app.inject({ method: 'POST', url: '/api/v2/setup/check', payload: {} })
    expect(missing.statusCode).toBe(422)
  })

  it('refuses an expired link', async () => {
    const yesterday = new Date(Date.now() - 25 * 3_600_000)
    const link = await issueSetupLink(app.db, app.config.appUrl, yesterday)
    const res = await app.inject({ method: 'POST', url: '/api/v2/setup', payload: setupBody(tokenOf(link!)) })
    expect(res.statusCode).toBe(404)
  })

  it('creates the administrator once, signs it in, and spends every link', async () => {
    const first = tokenOf((await issueSetupLink(app.db, app.config.appUrl))!)
    const second = tokenOf((await issueSetupLink(app.db, app.config.appUrl))!)

    const short = await app.inject({
      method: 'POST',
      url: '/api/v2/setup',
      payload: setupBody(first, { password: 'short', password_confirmation: 'short' }),
    })
    expect(short.statusCode).toBe(422)
    expect(errorsOf(short)[0]!.source?.pointer).toBe('/data/attributes/password')

    const res = await app.inject({ method: 'POST', url: '/api/v2/setup', payload: setupBody(first) })
    expect(res.statusCode).toBe(201)
    const token = res.json<{ access_token: string }>().access_token
    const me = await app.inject({ method: 'GET', url: '/api/v2/me?include=roles', headers: bearer(token) })
    expect(me.statusCode).toBe(200)
    expect(me.json().data.attributes.email).toBe('oksana@factory.example')
    expect(me.json().included.map((r: { attributes: { name: string } }) => r.attributes.name)).toEqual([
      'admin',
    ])
    expect(await loginAs(app, admin.email, admin.password)).toBeTruthy()

    // Neither the used link nor the other one makes a second administrator.
    for (const spent of [first, second]) {
      const again = await app.inject({
        method: 'POST',
        url: '/api/v2/setup',
        payload: setupBody(spent, { email: 'intruder@example.com' }),
      })
      expect(again.statusCode).toBe(404)
    }
    // And no new link is issued once an administrator exists.
    expect(await issueSetupLink(app.db, app.config.appUrl)).toBeNull()
  })

  it('tells only administrators about published passwords: none here', async () => {
    const token = await loginAs(app, admin.email, admin.password)
    const res = await app.inject({ method: 'GET', url: '/api/v2/installation', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).toEqual({ demo: false, published_password_accounts: [] })
    const anonymous = await app.inject({ method: 'GET', url: '/api/v2/installation' })
    expect(anonymous.statusCode).toBe(401)
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      payload: {
        name: 'Petro',
        email: 'petro@example.com',
        password: 'password-1',
        password_confirmation: 'password-1',
      },
    })
    const user = registered.json<{ access_token: string }>().access_token
    const forbidden = await app.inject({ method: 'GET', url: '/api/v2/installation', headers: bearer(user) })
    expect(forbidden.statusCode).toBe(403)
  })
})

describe('an installation that was a demo and is now real', () => {
  let database: DatabaseHandle
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    database = await openTestDatabase()
    // First started as a demo: the demo accounts exist with their published passwords.
    const demo = await buildApp({ config: testConfig(), database })
    await demo.ready()
    await demo.close()
    app = await buildApp({ config: testConfig({ DEMO: 'false' }), database })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('does not offer the leftover demo logins, and warns the administrators until the passwords change', async () => {
    const logins = await app.inject({ method: 'GET', url: '/api/v2/demo-logins' })
    expect(logins.json().data.attributes).toEqual({ demo: false, accounts: [] })

    const [demoAdmin] = DEMO_ACCOUNTS
    const token = await loginAs(app, demoAdmin!.email, demoAdmin!.password)
    const warned = await app.inject({ method: 'GET', url: '/api/v2/installation', headers: bearer(token) })
    expect(warned.json().data.attributes).toEqual({
      demo: false,
      published_password_accounts: DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email })),
    })

    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/v2/me',
      headers: bearer(token),
      payload: {
        current_password: demoAdmin!.password,
        password: 'a-private-password',
        password_confirmation: 'a-private-password',
      },
    })
    expect(changed.statusCode).toBe(200)
    const after = await app.inject({ method: 'GET', url: '/api/v2/installation', headers: bearer(token) })
    expect(
      after.json().data.attributes.published_password_accounts.map((a: { email: string }) => a.email),
    ).toEqual(DEMO_ACCOUNTS.slice(1).map((a) => a.email))
    // An administrator exists: no setup link.
    expect(await issueSetupLink(app.db, app.config.appUrl)).toBeNull()
  })
})

describe('configuration', () => {
  it('refuses simulated demo boilers on a real installation', () => {
    expect(() => testConfig({ DEMO: 'false', DEMO_DEVICES: 'true' })).toThrow(/DEMO_DEVICES.*needs DEMO=true/)
  })

  it('is a demo by default, with simulated boilers outside tests only', () => {
    expect(testConfig().demo).toBe(true)
    expect(testConfig({ DEMO: 'false' }).demoDevices).toBe(false)
  })
})
