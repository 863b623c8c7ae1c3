import { describe, expect, it } from 'vitest'
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.ts'
import { bearer, errorsOf, JSON_API, useDemoApp } from '../support/helper.ts'

const demo = useDemoApp()
const details = (res: { json: () => unknown }) => errorsOf(res).map((e) => e.detail)

// The screens show a refusal's detail as it comes: the server speaks the interface's language (issue 17, point 9).
describe('the server refuses in Ukrainian', () => {
  it('a rate-limited login says in how many seconds to try again', async () => {
    const attempt = () =>
      demo.app.inject({
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
    const admin = () => bearer(demo.tokens.admin!)
    const cases = [
      { method: 'GET', url: '/api/v2/me', status: 401, detail: 'Потрібно увійти в акаунт.' },
      { method: 'GET', url: '/api/v2/nothing-here', status: 404, detail: 'Не знайдено.' },
      {
        method: 'GET',
        url: '/api/v2/roles/9999',
        headers: admin(),
        status: 404,
        detail: 'Роль не знайдено.',
      },
      {
        method: 'DELETE',
        url: '/api/v2/roles/1',
        headers: admin(),
        status: 403,
        detail: 'Стандартні ролі змінювати не можна.',
      },
      {
        method: 'POST',
        url: '/api/v2/roles',
        headers: { ...admin(), 'content-type': JSON_API },
        payload: '{"data":',
        status: 400,
        detail: 'Тіло запиту не є коректним JSON.',
      },
      {
        method: 'GET',
        url: '/api/v2/roles?sort=colour',
        headers: admin(),
        status: 400,
        detail: /^sort має бути одним із: /,
      },
    ] as const
    for (const { status, detail, ...request } of cases) {
      const res = await demo.app.inject(request)
      expect(res.statusCode, request.url).toBe(status)
      expect(details(res), request.url).toEqual([
        typeof detail === 'string' ? detail : expect.stringMatching(detail),
      ])
    }
  })

  it("gives zod's own messages in Ukrainian where a rule has none of ours", async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      remoteAddress: '198.51.100.45',
      payload: { email: 'someone@example.com', password: 'long-enough', remember: 'yes' },
    })
    expect(res.statusCode).toBe(422)
    const [error] = errorsOf(res)
    expect(error?.source?.pointer).toBe('/data/attributes/remember')
    expect(error?.detail).toMatch(/\p{Script=Cyrillic}/u)
    expect(error?.detail).not.toMatch(/Invalid|expected/)
  })
})
