import { DEMO_ACCOUNTS } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { issueAccessToken } from '../../../src/modules/auth/access-tokens.ts'
import { waitFor } from '../../support/device-support.ts'
import { bearer, loginAs } from '../../support/helper.ts'
import { useTwoInstances } from '../../support/two-instances.ts'

// Runs only against PostgreSQL (vitest.config.ts includes *.postgres.test.ts when TEST_DATABASE_URL is set).
// Two instances on one database, as behind a load balancer: a token remembered by one is refused by it as soon
// as the other announces through LISTEN/NOTIFY that the account's access changed.
const instances = useTwoInstances()
let a: FastifyInstance
let b: FastifyInstance

beforeAll(() => {
  ;({ a, b } = instances)
})

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })

describe('the token cache across instances', () => {
  it('refuses on the other instance a token signed out on one', async () => {
    const user = DEMO_ACCOUNTS.find((account) => account.role === 'user')!
    const token = await loginAs(a, user.email, user.password)
    // Instance b has seen the token and remembers it.
    expect((await me(b, token)).statusCode).toBe(200)
    expect((await me(b, token)).statusCode).toBe(200)
    const out = await a.inject({ method: 'POST', url: '/api/v2/logout', headers: bearer(token) })
    expect(out.statusCode).toBe(204)
    await waitFor(async () => (await me(b, token)).statusCode === 401, 2000, 'the sign-out on instance b')
  })

  it('applies on the other instance a role change made on one', async () => {
    const adminAccount = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    const adminToken = await loginAs(a, adminAccount.email, adminAccount.password)
    const roles = await a.inject({ method: 'GET', url: '/api/v2/roles', headers: bearer(adminToken) })
    const roleId = (role: string) =>
      roles
        .json<{ data: { id: string; attributes: { name: string } }[] }>()
        .data.find((r) => r.attributes.name === role)!.id
    const created = await a.inject({
      method: 'POST',
      url: '/api/v2/users',
      headers: bearer(adminToken),
      payload: {
        name: 'Promoted',
        email: 'promoted@example.com',
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
        roles: [{ type: 'roles', id: roleId('user') }],
      },
    })
    expect(created.statusCode).toBe(201)
    const userId = created.json<{ data: { id: string } }>().data.id
    const token = (await issueAccessToken(a.db, Number(userId), true)).access_token
    const users = () => b.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) })
    expect((await users()).statusCode).toBe(403)
    const promoted = await a.inject({
      method: 'PATCH',
      url: `/api/v2/users/${userId}`,
      headers: bearer(adminToken),
      payload: { roles: [{ type: 'roles', id: roleId('admin') }] },
    })
    expect(promoted.statusCode).toBe(200)
    await waitFor(async () => (await users()).statusCode === 200, 2000, 'the new role on instance b')
  })
})

describe('sessions and live tickets across instances', () => {
  it('refuses on the other instance a session ended from the list of sessions', async () => {
    const user = DEMO_ACCOUNTS.find((account) => account.role === 'user')!
    const here = await loginAs(a, user.email, user.password)
    const there = await loginAs(b, user.email, user.password)
    expect((await me(b, there)).statusCode).toBe(200)
    const list = await a.inject({ method: 'GET', url: '/api/v2/me/sessions', headers: bearer(here) })
    const other = list
      .json<{ data: { id: string; attributes: { current: boolean } }[] }>()
      .data.filter((session) => !session.attributes.current)
    expect(other.length).toBeGreaterThan(0)
    const ended = await a.inject({ method: 'DELETE', url: '/api/v2/me/sessions', headers: bearer(here) })
    expect(ended.statusCode).toBe(200)
    await waitFor(
      async () => (await me(b, there)).statusCode === 401,
      2000,
      'the ended session on instance b',
    )
    expect((await me(a, here)).statusCode).toBe(200)
  })

  it('takes on one instance a live ticket issued by the other, once', async () => {
    const user = DEMO_ACCOUNTS.find((account) => account.role === 'user')!
    const token = await loginAs(a, user.email, user.password)
    const issued = await a.inject({ method: 'POST', url: '/api/v2/live/tickets', headers: bearer(token) })
    const ticket = issued.json<{ meta: { ticket: string } }>().meta.ticket
    // A device nobody has: 404 shows the ticket signed the stream in (a refused one is 401).
    const url = `/api/v2/live?item_id=999999&ticket=${ticket}`
    expect((await b.inject({ method: 'GET', url })).statusCode).toBe(404)
    expect((await a.inject({ method: 'GET', url })).statusCode).toBe(401)
  })
})
