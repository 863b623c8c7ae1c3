import { describe, expect, it } from 'vitest'
import { bearer, JSON_API, useDemoApp } from '../support/helper.ts'

// An authorization refusal comes before anything is said about the body (ADR 050): a caller without the right
// learns nothing, not even which members are invalid. Device routes are swept per access level by
// access-matrix.test.ts; this covers every route with a body for anonymous callers, the administrators' and
// installers' routes for an ordinary account, and the routes that need the password again.
const demo = useDemoApp()

// Routes that take a body from someone not signed in (signing in, registering, resetting, a controller pairing).
const PUBLIC = new Set([
  'POST /api/v2/login',
  'POST /api/v2/login/two-factor',
  'POST /api/v2/login/two-factor/passkey-options',
  'POST /api/v2/login/passkey',
  'POST /api/v2/register',
  'POST /api/v2/password-forgot',
  'POST /api/v2/password-reset',
  'POST /api/v2/email-verification',
  'POST /api/v2/email-change/undo',
  'POST /api/v2/setup',
  'POST /api/v2/setup/check',
  'POST /api/v2/items/verify',
  'POST /api/v2/items/verify-token',
  'POST /api/v2/invitations/preview',
])

// Routes for administrators or installers only: an ordinary account is refused whatever it sends.
const STAFF_ONLY = [
  'POST /api/v2/roles',
  'PATCH /api/v2/roles/1',
  'POST /api/v2/tags',
  'PATCH /api/v2/tags/1',
  'POST /api/v2/categories',
  'PATCH /api/v2/categories/1',
  'POST /api/v2/users',
  'PATCH /api/v2/users/1',
  'POST /api/v2/items',
  'POST /api/v2/items/batch',
  'POST /api/v2/firmware-rollouts',
  'PATCH /api/v2/security-settings',
]

// Routes that need the current password or one confirmed within 5 minutes: refused before the body is read.
const RECENT_PASSWORD = [
  'POST /api/v2/me/two-factor/totp',
  'DELETE /api/v2/me/two-factor/totp',
  'POST /api/v2/me/passkeys/options',
  'DELETE /api/v2/me/passkeys/1',
  'DELETE /api/v2/me',
]

const BAD_BODY = { data: { attributes: { zz_unknown: { bad: [1] }, name: ['x'], email: 7 } } }

const send = (route: string, token?: string) => {
  const [method, url] = route.split(' ') as ['POST' | 'PATCH' | 'DELETE' | 'PUT', string]
  return demo.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': JSON_API },
    payload: BAD_BODY,
  })
}

describe('authorization before the body', () => {
  it('refuses every route with a body to an anonymous caller with 401 (the public ones aside)', async () => {
    const document = (await demo.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>
    }>()
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '1')}`),
    )
    expect(routes.length).toBeGreaterThan(30)
    const answered: Record<string, number> = {}
    for (const route of routes) {
      const res = await send(route)
      answered[route] = res.statusCode
    }
    const wanted = Object.fromEntries(
      routes.map((route) => [route, PUBLIC.has(route) ? answered[route] : 401]),
    )
    expect(answered).toEqual(wanted)
    expect([...PUBLIC].filter((route) => !routes.includes(route))).toEqual([])
    // The public ones do judge the body.
    for (const route of routes.filter((r) => PUBLIC.has(r)))
      expect([400, 422], route).toContain(answered[route])
  })

  it('refuses the staff routes to an ordinary account with 403', async () => {
    for (const route of STAFF_ONLY) {
      const res = await send(route, demo.tokens.user!)
      expect(res.statusCode, route).toBe(403)
      expect(res.json().errors[0].source, route).toBeUndefined()
    }
  })

  it('asks for the password again before judging the body of a sensitive change', async () => {
    for (const route of RECENT_PASSWORD) {
      const res = await send(route, demo.tokens.user!)
      expect(res.statusCode, route).toBe(403)
      expect(res.json().errors[0].detail, route).toMatch(/^Підтвердіть поточний пароль/)
    }
  })
})
