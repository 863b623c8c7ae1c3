import { DEMO_ACCOUNTS } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

// How a standard JSON:API client (laravel-json-api style) talks to the API.
describe('a standard JSON:API client', () => {
  let app: TestApp
  let token: string

  beforeAll(async () => {
    app = await build()
    token = await loginAs(app, admin.email, admin.password)
  })

  afterAll(async () => {
    await app?.closeAll()
  })

  it('may send a JSON content type with no body where a call takes none', async () => {
    const own = await loginAs(app, admin.email, admin.password)
    for (const type of ['application/json', JSON_API]) {
      const role = await app.inject({
        method: 'POST',
        url: '/api/v2/roles',
        headers: { ...bearer(token), 'content-type': JSON_API },
        payload: { data: { type: 'roles', attributes: { name: `empty-body-${type.length}` } } },
      })
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v2/roles/${role.json().data.id}`,
        headers: { ...bearer(token), 'content-type': type },
        payload: '',
      })
      expect(deleted.statusCode).toBe(204)
    }
    const out = await app.inject({
      method: 'POST',
      url: '/api/v2/logout',
      headers: { ...bearer(own), 'content-type': 'application/json' },
      payload: '',
    })
    expect(out.statusCode).toBe(204)
    // The token is really gone.
    expect((await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(own) })).statusCode).toBe(
      401,
    )
  })

  it('still gets 422 when a call that needs a body receives none', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    })
    expect(res.statusCode).toBe(422)
  })

  it('gets 415 for a media type the API does not read', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'name=x',
    })
    expect(res.statusCode).toBe(415)
    expect(res.headers['content-type']).toContain(JSON_API)
  })

  it('gets 409 when the document’s type or id does not match the endpoint, and nothing changes', async () => {
    const wrongType = await app.inject({
      method: 'PATCH',
      url: '/api/v2/roles/3',
      headers: { ...bearer(token), 'content-type': JSON_API },
      payload: { data: { type: 'tags', id: '3', attributes: { name: 'renamed' } } },
    })
    expect(wrongType.statusCode).toBe(409)
    const wrongId = await app.inject({
      method: 'PATCH',
      url: '/api/v2/items/1',
      headers: { ...bearer(token), 'content-type': JSON_API },
      payload: { data: { type: 'items', id: '2', attributes: { name: 'Чужий' } } },
    })
    expect(wrongId.statusCode).toBe(409)
    const item = await app.inject({ method: 'GET', url: '/api/v2/items/1', headers: bearer(token) })
    expect(item.json().data.attributes.name).not.toBe('Чужий')
    // The account accepts its old type as well as users.
    const me = await app.inject({
      method: 'PATCH',
      url: '/api/v2/me',
      headers: { ...bearer(token), 'content-type': JSON_API },
      payload: { data: { type: 'profile', attributes: { name: admin.name } } },
    })
    expect(me.statusCode).toBe(200)
  })

  it('may send the whole account back with only what changed', async () => {
    // Read afresh each time, as a client does: its read-only members (updated_at) must be the stored ones.
    const echo = async (attributes: Record<string, unknown>) => {
      const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
      expect(me.json().data.type).toBe('users')
      return app.inject({
        method: 'PATCH',
        url: '/api/v2/me',
        headers: { ...bearer(token), 'content-type': JSON_API },
        payload: { data: { ...me.json().data, attributes: { ...me.json().data.attributes, ...attributes } } },
      })
    }
    const renamed = await echo({ name: 'Адмін Т.' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().data.attributes).toMatchObject({ name: 'Адмін Т.', email: admin.email })
    const unchanged = await echo({ name: 'Адмін Т.' })
    expect(unchanged.statusCode).toBe(200)
    // A new password still needs the current one, and says so on that field.
    const password = await echo({
      name: 'Адмін Т.',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    })
    expect(password.statusCode).toBe(422)
    expect(password.json().errors[0].source.pointer).toBe('/data/attributes/current_password')
    await echo({ name: admin.name })
  })

  it('is told where a created resource lives', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/tags',
      headers: { ...bearer(token), 'content-type': JSON_API },
      payload: { data: { type: 'tags', attributes: { name: 'location-test', color: '#ff0000' } } },
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers.location).toBe(`/api/v2/tags/${res.json().data.id}`)
  })
})

describe('a web app on another origin', () => {
  const OTHER = 'https://admin.teplo.example'
  let app: TestApp

  beforeAll(async () => {
    app = await build({
      CORS_ORIGINS: `${OTHER}, https://second.teplo.example`,
      ALLOWED_REDIRECT_ORIGINS: OTHER,
    })
  })

  afterAll(async () => {
    await app?.closeAll()
  })

  it('gets a preflight answer and CORS headers for an allowed origin only', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v2/login',
      headers: {
        origin: OTHER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(OTHER)
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH')
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization')

    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { origin: OTHER },
      payload: { email: admin.email, password: admin.password },
    })
    expect(login.statusCode).toBe(200)
    expect(login.headers['access-control-allow-origin']).toBe(OTHER)

    const stranger = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: admin.email, password: admin.password },
    })
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('lets them ask for the language of a refusal and read it', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v2/me',
      headers: {
        origin: OTHER,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'accept-language,authorization',
      },
    })
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('accept-language')
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v2/me',
      headers: { origin: OTHER, 'accept-language': 'en' },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().errors[0].detail).toBe('Please sign in.')
    expect(String(refused.headers['access-control-expose-headers'])).toContain('content-language')
    // Caches keep one answer per origin and per language.
    expect(String(refused.headers.vary)).toMatch(/Origin.*Accept-Language/)
  })

  it('lets those origins show uploaded pictures', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })

  // Other origins are not refused: the mailed link then leads to APP_URL (password-reset.test.ts reads the mails).
  it('accepts password-reset requests from an allowed origin and from others alike', async () => {
    const forgot = (redirect: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/password-forgot',
        payload: { email: admin.email, redirect_url: `${redirect}/password/reset` },
      })
    expect((await forgot(OTHER)).statusCode).toBe(204)
    expect((await forgot('https://second.teplo.example')).statusCode).toBe(204)
  })
})

describe('the default: one origin', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await build()
  })

  afterAll(async () => {
    await app?.closeAll()
  })

  it('sends no CORS header and keeps resources to its own origin', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://admin.teplo.example' },
    })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v2/items',
      headers: { origin: 'https://admin.teplo.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.statusCode).toBe(404)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })
})
