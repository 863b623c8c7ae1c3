import { DEMO_ADMIN } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, build, loginAs, type TestApp } from '../support/helper.ts'

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> }

// Answers that are public and the same for everyone may be cached; the live stream sets its own no-store.
const PUBLIC = new Set(['GET /api/v2/support'])
const STREAMS = new Set(['GET /api/v2/live'])

let app: TestApp
let operations: [string, string][]
beforeAll(async () => {
  app = await build()
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>()
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method): [string, string] => [method.toUpperCase(), path]),
  )
})
afterAll(async () => {
  await app?.closeAll()
})

describe('Cache-Control', () => {
  it('is no-store on the answer of every operation, signed in or not, success or error', async () => {
    expect(operations.length).toBeGreaterThan(40)
    const token = await loginAs(app, DEMO_ADMIN.email, DEMO_ADMIN.password)
    const missing: string[] = []
    // Deleting last, so the admin's own account and token outlive the other calls.
    const ordered = [...operations].sort(([a], [b]) => Number(a === 'DELETE') - Number(b === 'DELETE'))
    for (const [method, path] of ordered) {
      const operation = `${method} ${path}`
      if (STREAMS.has(operation) || PUBLIC.has(operation)) continue
      const url = path.replace(/\{[^}]+\}/g, '1')
      for (const headers of [bearer(token), {}]) {
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        })
        if (res.headers['cache-control'] !== 'no-store') missing.push(`${operation} → ${res.statusCode}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('is no-store on the login token, and public on the support contacts', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: 'creator@teplo.demo', password: 'teplo-creator' },
    })
    expect(login.statusCode).toBe(200)
    expect(login.headers['cache-control']).toBe('no-store')
    const support = await app.inject({ method: 'GET', url: '/api/v2/support' })
    expect(support.headers['cache-control']).toBe('public, max-age=300')
  })
})
