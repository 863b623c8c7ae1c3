import { DEMO_ACCOUNTS, type ProfileDocument, type TotpSetupDocument, translateMessage } from '@teplo/domain'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TWO_FACTOR_REQUIRED } from '../../../src/modules/two-factor/two-factor-policy.ts'
import { bearer, build, errorsOf, loginAs, type TestApp } from '../../support/helper.ts'
import { addPerson } from '../../support/sharing-fixture.ts'

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload })
const setting = (token: string, on: boolean) =>
  call('PATCH', '/api/v2/security-settings', token, { require_two_factor: on })

async function turnOnTotp(token: string, password: string) {
  const setup = await call('POST', '/api/v2/me/two-factor/totp', token, { current_password: password })
  expect(setup.statusCode, setup.body).toBe(200)
  const secret = Secret.fromBase32(setup.json<TotpSetupDocument>().meta.secret)
  const confirmed = await call('POST', '/api/v2/me/two-factor/totp/confirm', token, {
    code: TOTP.generate({ secret }),
  })
  expect(confirmed.statusCode).toBe(200)
}

describe('the administrators require two-factor sign-in of admins and installers', () => {
  it('holds an installer without it to the set-up, and lets households be', async () => {
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    const adminToken = await loginAs(app, admin.email, admin.password)
    const installer = await addPerson(app, 'required-installer@example.com', 'creator')
    const owner = await addPerson(app, 'required-owner@example.com', 'user')

    // Only administrators see and change it; one without a second factor cannot turn it on (it would lock them out).
    expect((await setting(installer.token, true)).statusCode).toBe(403)
    expect((await call('GET', '/api/v2/security-settings', owner.token)).statusCode).toBe(403)
    expect((await setting(adminToken, true)).statusCode).toBe(409)
    await turnOnTotp(adminToken, admin.password)
    const on = await setting(adminToken, true)
    expect(on.statusCode).toBe(200)
    expect(on.json()).toEqual({
      data: { type: 'security-settings', id: '1', attributes: { require_two_factor: true } },
    })

    // The installer's session was remembered before: it is held at once all the same.
    const refused = await call('GET', '/api/v2/items', installer.token)
    expect(refused.statusCode).toBe(403)
    expect(errorsOf(refused)[0]?.detail).toBe(translateMessage(TWO_FACTOR_REQUIRED, 'uk'))
    // In English too.
    const english = await app.inject({
      method: 'GET',
      url: '/api/v2/fleet',
      headers: { ...bearer(installer.token), 'accept-language': 'en' },
    })
    expect(errorsOf(english)[0]?.detail).toMatch(/^Your role requires two-factor sign-in/)
    // What the set-up needs still answers: the profile says why, the password check, the set-up itself.
    const me = await call('GET', '/api/v2/me', installer.token)
    expect(me.statusCode).toBe(200)
    expect(me.json<ProfileDocument>().data.attributes.two_factor).toMatchObject({
      enabled: false,
      required: true,
    })
    expect((await call('GET', '/api/v2/me/sessions', installer.token)).statusCode).toBe(200)
    expect((await call('PATCH', '/api/v2/me', installer.token, { name: 'Монтажник' })).statusCode).toBe(403)
    await turnOnTotp(installer.token, 'password-123')
    expect((await call('GET', '/api/v2/items', installer.token)).statusCode).toBe(200)

    // Households are not asked.
    expect((await call('GET', '/api/v2/items', owner.token)).statusCode).toBe(200)
    const ownerMe = await call('GET', '/api/v2/me', owner.token)
    expect(ownerMe.json<ProfileDocument>().data.attributes.two_factor.required).toBe(false)

    // Off again: an installer without a second factor works as before.
    const other = await addPerson(app, 'required-installer-2@example.com', 'creator')
    expect((await call('GET', '/api/v2/items', other.token)).statusCode).toBe(403)
    expect((await setting(adminToken, false)).statusCode).toBe(200)
    expect((await call('GET', '/api/v2/items', other.token)).statusCode).toBe(200)
    expect((await call('GET', '/api/v2/security-settings', adminToken)).json()).toMatchObject({
      data: { attributes: { require_two_factor: false } },
    })
  })
})
