import { DEMO_ACCOUNTS } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, loginAs, type TestApp } from '../../support/helper.ts'

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

const demoLogins = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v2/demo-logins' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['cache-control']).toBe('no-store')
  return res.json().data.attributes as { demo: boolean; accounts: { role: string; email: string }[] }
}

const [admin, creator, owner] = DEMO_ACCOUNTS as [
  (typeof DEMO_ACCOUNTS)[number],
  (typeof DEMO_ACCOUNTS)[number],
  (typeof DEMO_ACCOUNTS)[number],
]

async function changePassword(account: (typeof DEMO_ACCOUNTS)[number], password: string) {
  const token = await loginAs(app, account.email, account.password)
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/v2/me',
    headers: { authorization: `Bearer ${token}` },
    payload: { current_password: account.password, password, password_confirmation: password },
  })
  expect(res.statusCode).toBe(200)
}

describe('GET /api/v2/demo-logins', () => {
  it('lists the seeded demo accounts, to anyone, while they keep their published passwords', async () => {
    expect(await demoLogins()).toEqual({
      demo: true,
      accounts: DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password })),
    })
  })

  it('drops an account as soon as its password is changed, and is no demo once none is left', async () => {
    await changePassword(admin, 'a-real-admin-password')
    const afterAdmin = await demoLogins()
    expect(afterAdmin.demo).toBe(true)
    expect(afterAdmin.accounts.map((a) => a.email)).toEqual([creator.email, owner.email])

    await changePassword(creator, 'a-real-creator-password')
    await changePassword(owner, 'a-real-owner-password')
    expect(await demoLogins()).toEqual({ demo: false, accounts: [] })
  })

  it('counts a demo account again when its published password is set back', async () => {
    const token = await loginAs(app, owner.email, 'a-real-owner-password')
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v2/me',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        current_password: 'a-real-owner-password',
        password: owner.password,
        password_confirmation: owner.password,
      },
    })
    expect(res.statusCode).toBe(200)
    expect((await demoLogins()).accounts.map((a) => a.email)).toEqual([owner.email])
  })
})
