import { describe, expect, it } from 'vitest'
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.ts'
import { bearer, errorsOf, JSON_API, useDemoApp } from '../support/helper.ts'

const demo = useDemoApp()
const details = (res: { json: () => unknown }) => errorsOf(res).map((e) => e.detail)
const english = { 'accept-language': 'en-GB,en;q=0.9,uk;q=0.5' }

// The web sends the screen's language; a refusal's detail comes back in it (ADR 032).
describe('the server refuses in the language the request asks for', () => {
  it('answers anonymous, unknown, forbidden and malformed requests in English', async () => {
    type Case = {
      method: 'GET' | 'POST' | 'DELETE'
      url: string
      admin?: boolean
      headers?: Record<string, string>
      payload?: string
      status: number
      detail: string | RegExp
    }
    const cases: Case[] = [
      { method: 'GET', url: '/api/v2/me', status: 401, detail: 'Please sign in.' },
      { method: 'GET', url: '/api/v2/nothing-here', status: 404, detail: 'Not found.' },
      { method: 'GET', url: '/api/v2/roles/9999', admin: true, status: 404, detail: 'Role not found.' },
      {
        method: 'DELETE',
        url: '/api/v2/roles/1',
        admin: true,
        status: 403,
        detail: 'The standard roles cannot be changed.',
      },
      {
        method: 'POST',
        url: '/api/v2/roles',
        admin: true,
        headers: { 'content-type': JSON_API },
        payload: '{"data":',
        status: 400,
        detail: 'The request body is not valid JSON.',
      },
      {
        method: 'GET',
        url: '/api/v2/roles?sort=colour',
        admin: true,
        status: 400,
        detail: /^sort must be one of: /,
      },
    ]
    for (const { status, detail, admin: asAdmin, ...request } of cases) {
      const headers = { ...english, ...request.headers, ...(asAdmin ? bearer(demo.tokens.admin!) : {}) }
      const res = await demo.app.inject({ ...request, headers })
      expect(res.statusCode, request.url).toBe(status)
      expect(res.headers['content-language'], request.url).toBe('en')
      expect(res.headers.vary, request.url).toContain('Accept-Language')
      expect(details(res), request.url).toEqual([
        typeof detail === 'string' ? detail : expect.stringMatching(detail),
      ])
    }
  })

  it('keeps the parameter a 400 names, with its message in English', async () => {
    const res = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/roles/012',
      headers: { ...english, ...bearer(demo.tokens.admin!) },
    })
    expect(res.statusCode).toBe(400)
    expect(errorsOf(res)).toEqual([
      expect.objectContaining({
        detail: 'id must be at least 1, without leading zeros',
        source: { parameter: 'id' },
      }),
    ])
  })

  it('keeps the pointer of a 422 field error, with our message in English', async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      remoteAddress: '198.51.100.60',
      headers: english,
      payload: { email: 'not an address', password: 'long-enough' },
    })
    expect(res.statusCode).toBe(422)
    expect(errorsOf(res)).toEqual([
      expect.objectContaining({
        detail: 'Must be a valid email!',
        source: { pointer: '/data/attributes/email' },
      }),
    ])
  })

  it("gives zod's own messages in English where a rule has none of ours", async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      remoteAddress: '198.51.100.61',
      headers: english,
      payload: { email: 'someone@example.com', password: 'long-enough', remember: 'yes' },
    })
    expect(res.statusCode).toBe(422)
    expect(errorsOf(res)).toEqual([
      expect.objectContaining({
        detail: 'Invalid input: expected boolean, received string',
        source: { pointer: '/data/attributes/remember' },
      }),
    ])
  })

  it('says in English in how many seconds to try again after too many sign-ins', async () => {
    const attempt = () =>
      demo.app.inject({
        method: 'POST',
        url: '/api/v2/login',
        remoteAddress: '198.51.100.62',
        headers: english,
        payload: { email: 'limited-en@example.com', password: 'guess-1234' },
      })
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures; i++) {
      const failed = await attempt()
      expect(failed.statusCode).toBe(401)
      expect(details(failed)).toEqual(['Wrong email or password!'])
    }
    const slowed = await attempt()
    expect(slowed.statusCode).toBe(429)
    expect(details(slowed)).toEqual([`Too many attempts. Try again in ${slowed.headers['retry-after']} s.`])
  })

  it('answers in Ukrainian without the header, for uk, and for a language it does not speak', async () => {
    for (const headers of [{}, { 'accept-language': 'uk' }, { 'accept-language': 'de-DE,de;q=0.9' }]) {
      const res = await demo.app.inject({
        method: 'GET',
        url: '/api/v2/roles/9999',
        headers: { ...headers, ...bearer(demo.tokens.admin!) },
      })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-language']).toBe('uk')
      expect(details(res)).toEqual(['Роль не знайдено.'])
    }
    const zodOwn = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      remoteAddress: '198.51.100.63',
      headers: { 'accept-language': 'uk' },
      payload: { email: 'someone@example.com', password: 'long-enough', remember: 'yes' },
    })
    expect(details(zodOwn)[0]).toMatch(/\p{Script=Cyrillic}/u)
  })

  it("falls back to a signed-in account's language when the request names none of ours", async () => {
    const password = 'english-password'
    const registered = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/register',
      remoteAddress: '198.51.100.64',
      payload: {
        name: 'Ann',
        email: 'ann-en@example.com',
        password,
        password_confirmation: password,
        language: 'en',
      },
    })
    expect(registered.statusCode).toBe(200)
    const token = registered.json<{ access_token: string }>().access_token
    const missing = (headers: Record<string, string>) =>
      demo.app.inject({
        method: 'GET',
        url: '/api/v2/items/999999',
        headers: { ...headers, ...bearer(token) },
      })
    expect(details(await missing({}))).toEqual(['Device not found'])
    expect(details(await missing({ 'accept-language': 'de' }))).toEqual(['Device not found'])
    // The request's own choice wins over the account's.
    expect(details(await missing({ 'accept-language': 'uk' }))).toEqual(['Пристрій не знайдено'])
  })
})
