import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, JSON_API, type TestApp } from '../support/helper.ts'

let app: TestApp
beforeAll(async () => {
  app = await build({ SUPPORT_PHONE: '+380 67 123 45 67', SUPPORT_EMAIL: 'help@teplo.test' })
})
afterAll(async () => {
  await app?.closeAll()
})

describe('GET /api/v2/support', () => {
  it('answers the configured phone and e-mail to a visitor who is not signed in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/support' })

    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(res.json()).toEqual({
      data: {
        type: 'support',
        id: '1',
        attributes: { phone: '+380 67 123 45 67', email: 'help@teplo.test' },
      },
    })
  })

  it('ignores a stale or made-up token rather than refusing the public answer', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v2/support',
      headers: { authorization: 'Bearer made-up' },
    })

    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes.email).toBe('help@teplo.test')
  })
})
