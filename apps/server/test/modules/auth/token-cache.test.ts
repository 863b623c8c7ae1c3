import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tokens } from '../../../src/db/schema.ts'
import { generateSecret, sha256 } from '../../../src/lib/secrets.ts'
import { issueAccessToken } from '../../../src/modules/auth/access-tokens.ts'
import { TokenCache } from '../../../src/modules/auth/token-cache.ts'
import { bearer, useDemoApp } from '../../support/helper.ts'

type Ctx = { userId: number; name: string }

describe('TokenCache', () => {
  const later = new Date(Date.now() + 3_600_000)

  it('remembers a token for its lifetime, never past the token’s own expiry', () => {
    const cache = new TokenCache<Ctx>(10_000)
    cache.set('a', { userId: 1, name: 'a' }, later, cache.begin(), 1_000)
    expect(cache.get('a', 10_999)?.name).toBe('a')
    expect(cache.get('a', 11_000)).toBeUndefined()
    cache.set('b', { userId: 1, name: 'b' }, new Date(5_000), cache.begin(), 1_000)
    expect(cache.get('b', 4_999)?.name).toBe('b')
    expect(cache.get('b', 5_000)).toBeUndefined()
  })

  it('forgets one account’s tokens, or every account’s', () => {
    const cache = new TokenCache<Ctx>(10_000)
    cache.set('a1', { userId: 1, name: 'a1' }, later, cache.begin())
    cache.set('a2', { userId: 1, name: 'a2' }, later, cache.begin())
    cache.set('b1', { userId: 2, name: 'b1' }, later, cache.begin())
    cache.forget(1)
    expect(cache.get('a1')).toBeUndefined()
    expect(cache.get('a2')).toBeUndefined()
    expect(cache.get('b1')?.name).toBe('b1')
    cache.forget(null)
    expect(cache.size).toBe(0)
  })

  it('does not store what was read before an invalidation that happened meanwhile', () => {
    const cache = new TokenCache<Ctx>(10_000)
    const generation = cache.begin()
    // The database answered with the account as it was; then it changed and was announced.
    cache.forget(7)
    cache.set('stale', { userId: 7, name: 'stale' }, later, generation)
    expect(cache.get('stale')).toBeUndefined()
    cache.set('fresh', { userId: 7, name: 'fresh' }, later, cache.begin())
    expect(cache.get('fresh')?.name).toBe('fresh')
  })

  it('stays within its size, dropping the oldest; a zero lifetime remembers nothing', () => {
    const cache = new TokenCache<Ctx>(10_000, 3)
    for (const key of ['k1', 'k2', 'k3', 'k4']) cache.set(key, { userId: 1, name: key }, later, cache.begin())
    expect(cache.size).toBe(3)
    expect(cache.get('k1')).toBeUndefined()
    expect(cache.get('k4')?.name).toBe('k4')
    const off = new TokenCache<Ctx>(0)
    off.set('k', { userId: 1, name: 'k' }, later, off.begin())
    expect(off.get('k')).toBeUndefined()
  })
})

// The app remembers tokens (AUTH_CACHE_SECONDS, 10 s by default); whatever ends or changes an account's access
// is honoured on the very next request all the same.
describe('authentication with the token cache', () => {
  const demo = useDemoApp()
  const admin = () => bearer(demo.tokens.admin!)
  let serial = 0

  async function newUser(role = 'user', password = 'first-password') {
    serial += 1
    const roles = await demo.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin() })
    const roleId = roles
      .json<{ data: { id: string; attributes: { name: string } }[] }>()
      .data.find((r) => r.attributes.name === role)!.id
    const email = `cache-${serial}@example.com`
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/users',
      headers: admin(),
      payload: {
        name: `Cache ${serial}`,
        email,
        password,
        password_confirmation: password,
        roles: [{ type: 'roles', id: roleId }],
      },
    })
    expect(res.statusCode).toBe(201)
    const id = Number(res.json<{ data: { id: string } }>().data.id)
    const session = async () => (await issueAccessToken(demo.app.db, id, true)).access_token
    return { id, email, password, session }
  }

  const me = (token: string) => demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
  const users = (token: string) =>
    demo.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) })
  const roleIdOf = async (name: string) => {
    const roles = await demo.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin() })
    return roles
      .json<{ data: { id: string; attributes: { name: string } }[] }>()
      .data.find((r) => r.attributes.name === name)!.id
  }

  it('remembers a token it has seen: a revocation nobody announced is not read back at once', async () => {
    const user = await newUser()
    const token = await user.session()
    expect((await me(token)).statusCode).toBe(200)
    expect(demo.app.tokenCache.get(sha256(token))?.userId).toBe(user.id)
    // Behind the server's back (no module announced it): the remembered answer stands until it is forgotten.
    await demo.app.db
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(eq(tokens.tokenHash, sha256(token)))
    expect((await me(token)).statusCode).toBe(200)
    demo.app.events.emit('user.access-changed', { userId: user.id })
    expect((await me(token)).statusCode).toBe(401)
  })

  it('refuses a signed-out token on the next request', async () => {
    const user = await newUser()
    const token = await user.session()
    const other = await user.session()
    expect((await me(token)).statusCode).toBe(200)
    expect((await me(other)).statusCode).toBe(200)
    const out = await demo.app.inject({ method: 'POST', url: '/api/v2/logout', headers: bearer(token) })
    expect(out.statusCode).toBe(204)
    expect((await me(token)).statusCode).toBe(401)
    // Only that session ended.
    expect((await me(other)).statusCode).toBe(200)
  })

  it('refuses the other sessions once the password is changed, keeping the one that changed it', async () => {
    const user = await newUser()
    const current = await user.session()
    const other = await user.session()
    expect((await me(other)).statusCode).toBe(200)
    const changed = await demo.app.inject({
      method: 'PATCH',
      url: '/api/v2/me',
      headers: bearer(current),
      payload: {
        current_password: user.password,
        password: 'second-password',
        password_confirmation: 'second-password',
      },
    })
    expect(changed.statusCode).toBe(200)
    expect((await me(other)).statusCode).toBe(401)
    expect((await me(current)).statusCode).toBe(200)
  })

  it('applies a role change on the next request, both ways', async () => {
    const user = await newUser()
    const token = await user.session()
    expect((await users(token)).statusCode).toBe(403)
    const setRole = async (name: string) => {
      const res = await demo.app.inject({
        method: 'PATCH',
        url: `/api/v2/users/${user.id}`,
        headers: admin(),
        payload: { roles: [{ type: 'roles', id: await roleIdOf(name) }] },
      })
      expect(res.statusCode).toBe(200)
    }
    await setRole('admin')
    expect((await users(token)).statusCode).toBe(200)
    await setRole('user')
    expect((await users(token)).statusCode).toBe(403)
  })

  it('refuses the tokens of an account whose password an administrator set, or that was deleted', async () => {
    const user = await newUser()
    const token = await user.session()
    expect((await me(token)).statusCode).toBe(200)
    const set = await demo.app.inject({
      method: 'PATCH',
      url: `/api/v2/users/${user.id}`,
      headers: admin(),
      payload: { password: 'set-by-admin', password_confirmation: 'set-by-admin' },
    })
    expect(set.statusCode).toBe(200)
    expect((await me(token)).statusCode).toBe(401)

    const again = await user.session()
    expect((await me(again)).statusCode).toBe(200)
    const removed = await demo.app.inject({
      method: 'DELETE',
      url: `/api/v2/users/${user.id}`,
      headers: admin(),
    })
    expect(removed.statusCode).toBe(204)
    expect((await me(again)).statusCode).toBe(401)
  })

  it('refuses the token of an account deleted by its owner, and the sessions a password reset ended', async () => {
    const owner = await newUser()
    const token = await owner.session()
    expect((await me(token)).statusCode).toBe(200)
    const deleted = await demo.app.inject({
      method: 'DELETE',
      url: '/api/v2/me',
      headers: bearer(token),
      payload: { current_password: 'first-password' },
    })
    expect(deleted.statusCode).toBe(204)
    expect((await me(token)).statusCode).toBe(401)

    const user = await newUser()
    const old = await user.session()
    expect((await me(old)).statusCode).toBe(200)
    // A reset link as password-forgot mails it (its token stored hashed).
    const secret = generateSecret()
    await demo.app.db.insert(tokens).values({
      userId: user.id,
      kind: 'password_reset',
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    const reset = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/password-reset',
      payload: {
        email: user.email,
        token: secret,
        password: 'after-reset-1',
        password_confirmation: 'after-reset-1',
      },
    })
    expect(reset.statusCode).toBe(200)
    expect((await me(old)).statusCode).toBe(401)
  })
})
