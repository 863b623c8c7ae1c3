import { DEMO_ACCOUNTS } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_LIMITS } from '../src/modules/auth/login-throttle.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from './helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

let app: TestApp
let adminToken: string
beforeAll(async () => {
  app = await build()
  adminToken = await loginAs(app, admin.email, admin.password)
})
afterAll(async () => {
  await app?.closeAll()
})

type ErrorDoc = { errors: { status: string; detail: string; source?: Record<string, string> }[] }
const details = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors.map((e) => e.detail)

// The screens show a refusal's detail as it comes: the server speaks the interface's language (issue 17, point 9).
describe('the server refuses in Ukrainian', () => {
  it('a rate-limited login says in how many seconds to try again', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/login',
        remoteAddress: '198.51.100.44',
        payload: { email: 'limited@example.com', password: 'guess-1234' },
      })
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures; i++) expect((await attempt()).statusCode).toBe(401)
    const slowed = await attempt()
    expect(slowed.statusCode).toBe(429)
    const wait = slowed.headers['retry-after']
    expect(details(slowed)).toEqual([`Забагато спроб. Спробуйте знову через ${wait} с.`])
  })

  it('answers anonymous, unknown, forbidden and malformed requests with Ukrainian details', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v2/me' })
    expect(anonymous.statusCode).toBe(401)
    expect(details(anonymous)).toEqual(['Потрібно увійти в акаунт.'])

    const unknown = await app.inject({ method: 'GET', url: '/api/v2/nothing-here' })
    expect(unknown.statusCode).toBe(404)
    expect(details(unknown)).toEqual(['Не знайдено.'])

    const missingRole = await app.inject({
      method: 'GET',
      url: '/api/v2/roles/9999',
      headers: bearer(adminToken),
    })
    expect(missingRole.statusCode).toBe(404)
    expect(details(missingRole)).toEqual(['Роль не знайдено.'])

    const defaultRole = await app.inject({
      method: 'DELETE',
      url: '/api/v2/roles/1',
      headers: bearer(adminToken),
    })
    expect(defaultRole.statusCode).toBe(403)
    expect(details(defaultRole)).toEqual(['Стандартні ролі змінювати не можна.'])

    const brokenJson = await app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { ...bearer(adminToken), 'content-type': JSON_API },
      payload: '{"data":',
    })
    expect(brokenJson.statusCode).toBe(400)
    expect(details(brokenJson)).toEqual(['Тіло запиту не є коректним JSON.'])

    const badQuery = await app.inject({
      method: 'GET',
      url: '/api/v2/roles?sort=colour',
      headers: bearer(adminToken),
    })
    expect(badQuery.statusCode).toBe(400)
    expect(details(badQuery)[0]).toMatch(/^sort має бути одним із: /)
  })

  it("gives zod's own messages in Ukrainian where a rule has none of ours", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      remoteAddress: '198.51.100.45',
      payload: { email: 'someone@example.com', password: 'long-enough', remember: 'yes' },
    })
    expect(res.statusCode).toBe(422)
    const [error] = (res.json() as ErrorDoc).errors
    expect(error?.source?.pointer).toBe('/data/attributes/remember')
    expect(error?.detail).toMatch(/\p{Script=Cyrillic}/u)
    expect(error?.detail).not.toMatch(/Invalid|expected/)
  })
})
