import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokens } from '../../../src/db/schema.ts'
import { sha256 } from '../../../src/lib/secrets.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const plainUser = DEMO_ACCOUNTS.find((a) => a.role === 'user')!

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}
const pointers = (body: ErrorDoc) => body.errors.map((e) => e.source?.pointer)

describe('POST /api/v2/login', () => {
  it('answers a bearer token for the demo admin, valid for a month when remembered', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v2/login', payload: admin })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBe(30 * 24 * 3600)
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    // Only a hash of the token is stored.
    const [row] = await app.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, sha256(body.access_token)))
    expect(row?.kind).toBe('access')
  })

  it('gives a short-lived token without remember-me', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: admin.email, password: admin.password, remember: false },
    })
    expect(res.json().expires_in).toBe(12 * 3600)
  })

  it('accepts a JSON:API document with the vnd.api+json content type and any e-mail case', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': JSON_API },
      payload: JSON.stringify({
        data: { type: 'login', attributes: { email: admin.email.toUpperCase(), password: admin.password } },
      }),
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: admin.email, password: 'not-the-password' },
    })
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: 'nobody@teplo.demo', password: 'whatever1' },
    })
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.headers['content-type']).toContain(JSON_API)
      expect(res.json<ErrorDoc>().errors[0]?.detail).toBe('Невірні дані!')
    }
  })

  it('answers 400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<ErrorDoc>().errors[0]?.status).toBe('400')
  })

  it('answers 422 with a pointer per missing or invalid field', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/v2/login', payload: {} })
    expect(missing.statusCode).toBe(422)
    expect(pointers(missing.json())).toEqual(
      expect.arrayContaining(['/data/attributes/email', '/data/attributes/password']),
    )

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: 'not-an-email', password: 'x' },
    })
    expect(invalid.statusCode).toBe(422)
    const emailError = invalid
      .json<ErrorDoc>()
      .errors.find((e) => e.source?.pointer === '/data/attributes/email')
    expect(emailError?.detail).toContain('Має бути дійсний email!')
  })

  it('answers 413 for an oversized body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: admin.email, password: 'x'.repeat(2 * 1024 * 1024) },
    })
    expect(res.statusCode).toBe(413)
  })
})

describe('POST /api/v2/register', () => {
  const newcomer = {
    name: 'Олена',
    email: 'olena@example.com',
    password: 'warm-house-1',
    password_confirmation: 'warm-house-1',
  }

  it('creates an account with the user role and signs it in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v2/register', payload: newcomer })
    expect(res.statusCode).toBe(200)
    const token = res.json().access_token as string
    const me = await app.inject({ method: 'GET', url: '/api/v2/me?include=roles', headers: bearer(token) })
    expect(me.statusCode).toBe(200)
    expect(me.json().data.attributes).toMatchObject({ name: 'Олена', email: 'olena@example.com' })
    expect(me.json().included.map((r: { attributes: { name: string } }) => r.attributes.name)).toEqual([
      'user',
    ])
  })

  it('answers 422 on email when the e-mail is taken', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      payload: { ...newcomer, email: 'OLENA@example.com' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Ця пошта вже зареєстрована.',
      source: { pointer: '/data/attributes/email' },
    })
  })

  it('answers 422 for a short password and a confirmation that differs', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      payload: { name: '', email: 'x@example.com', password: 'short', password_confirmation: 'other' },
    })
    expect(res.statusCode).toBe(422)
    const body = res.json<ErrorDoc>()
    expect(pointers(body)).toEqual(
      expect.arrayContaining(['/data/attributes/name', '/data/attributes/password']),
    )
    expect(body.errors.find((e) => e.source?.pointer === '/data/attributes/password')?.detail).toBe(
      'Пароль має бути не менше 8 символів!',
    )
  })
})

describe('GET /api/v2/me and POST /api/v2/logout', () => {
  it('answers the profile with its roles when asked', async () => {
    const token = await loginAs(app, admin.email, admin.password)
    const res = await app.inject({ method: 'GET', url: '/api/v2/me?include=roles', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.data).toMatchObject({ type: 'users', attributes: { email: admin.email, name: admin.name } })
    expect(body.data.attributes.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(body.data.relationships.roles.data).toHaveLength(1)
    expect(body.included[0]).toMatchObject({ type: 'roles', attributes: { name: 'admin' } })
    const without = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
    expect(without.json().included).toBeUndefined()
  })

  it('answers 400 with source.parameter for an unknown include', async () => {
    const token = await loginAs(app, plainUser.email, plainUser.password)
    const res = await app.inject({ method: 'GET', url: '/api/v2/me?include=secrets', headers: bearer(token) })
    expect(res.statusCode).toBe(400)
    expect(res.json<ErrorDoc>().errors[0]?.source?.parameter).toBe('include')
  })

  it('answers 401 without a token and with an unknown one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v2/me' })).statusCode).toBe(401)
    const res = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer('made-up-token') })
    expect(res.statusCode).toBe(401)
  })

  it('revokes the token at logout', async () => {
    const token = await loginAs(app, plainUser.email, plainUser.password)
    const out = await app.inject({ method: 'POST', url: '/api/v2/logout', headers: bearer(token) })
    expect(out.statusCode).toBe(204)
    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
    expect(me.statusCode).toBe(401)
  })

  it('refuses an expired token', async () => {
    const token = await loginAs(app, plainUser.email, plainUser.password)
    await app.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, sha256(token)))
    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
    expect(me.statusCode).toBe(401)
  })
})

describe('rate limiting and unknown routes', () => {
  it('slows down an account after five failed logins (429 with Retry-After)', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email: 'victim@example.com', password: 'guess-123' },
      })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const slowed = await attempt()
    expect(slowed.statusCode).toBe(429)
    expect(slowed.headers['retry-after']).toBe('1')
  })

  it('does not let a client dodge the limit with a made-up X-Forwarded-For', async () => {
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/login',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: 'spoofer@example.com', password: 'guess-123' },
      })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await attempt(i)).statusCode)
    expect(statuses[10]).toBe(429)
  })

  it('answers a JSON:API 404 for an unknown API route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json<ErrorDoc>().errors[0]?.status).toBe('404')
  })

  it('reports health with the database engine', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('ok')
  })
})

describe('OpenAPI document', () => {
  it('is generated from the route schemas and browsable at /api/docs', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(doc.statusCode).toBe(200)
    const body = doc.json()
    expect(body.openapi).toMatch(/^3\./)
    expect(body.paths['/api/v2/login'].post.requestBody).toBeDefined()
    expect(body.paths['/api/v2/me'].get).toBeDefined()
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers['content-type']).toContain('text/html')
  })
})
