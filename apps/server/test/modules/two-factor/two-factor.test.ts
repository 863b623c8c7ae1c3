import type { ProfileDocument, RecoveryCodesDocument, TotpSetupDocument } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginChallenges, tokens } from '../../../src/db/schema.ts'
import { sha256 } from '../../../src/lib/secrets.ts'
import { CHALLENGE_MAX_ATTEMPTS } from '../../../src/modules/two-factor/login-challenges.ts'
import { bearer, build, errorsOf, type TestApp } from '../../support/helper.ts'
import { addPerson, type Person } from '../../support/sharing-fixture.ts'

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

const PASSWORD = 'password-123'
/** What the authenticator app shows at `timestamp` for the base32 secret. */
const codeAt = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })

let address = 0
/** Each call from a fresh address unless told, so the login throttle's per-address counts stay apart. */
const post = (url: string, payload: object, token?: string, remoteAddress = `198.51.100.${++address}`) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, headers: token ? bearer(token) : {} })

async function profile(token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return res.json<ProfileDocument>().data.attributes
}

/** Turns TOTP on for `person`: the secret and the recovery codes. */
async function enableTotp(person: Person) {
  const setup = await post('/api/v2/me/two-factor/totp', { current_password: PASSWORD }, person.token)
  expect(setup.statusCode).toBe(200)
  const { secret } = setup.json<TotpSetupDocument>().meta
  const confirmed = await post('/api/v2/me/two-factor/totp/confirm', { code: codeAt(secret) }, person.token)
  expect(confirmed.statusCode).toBe(200)
  return { secret, recoveryCodes: confirmed.json<RecoveryCodesDocument>().meta.recovery_codes }
}

/** The password step: the challenge it answers (and no token). */
async function challengeFor(person: Person, remoteAddress?: string) {
  const res = await post(
    '/api/v2/login',
    { email: person.email, password: PASSWORD },
    undefined,
    remoteAddress,
  )
  expect(res.statusCode).toBe(200)
  const body = res.json<{ meta: { two_factor: string; challenge_token: string; expires_in: number } }>()
  expect(body).not.toHaveProperty('access_token')
  expect(body.meta.two_factor).toBe('totp')
  expect(body.meta.expires_in).toBe(300)
  return body.meta.challenge_token
}

const secondStep = (challenge: string, code: string, remoteAddress?: string) =>
  post('/api/v2/login/two-factor', { challenge_token: challenge, code }, undefined, remoteAddress)

describe('turning TOTP on', () => {
  it('asks for a recent password, answers the otpauth URI, and is not in force until a code confirms it', async () => {
    const person = await addPerson(app, 'totp-setup@example.com', 'user')
    const refused = await post('/api/v2/me/two-factor/totp', {}, person.token)
    expect(refused.statusCode).toBe(403)
    const wrongPassword = await post('/api/v2/me/two-factor/totp', { current_password: 'nope' }, person.token)
    expect(wrongPassword.statusCode).toBe(422)
    expect(errorsOf(wrongPassword)[0]?.source?.pointer).toBe('/data/attributes/current_password')

    const setup = await post('/api/v2/me/two-factor/totp', { current_password: PASSWORD }, person.token)
    expect(setup.statusCode).toBe(200)
    const { uri, secret } = setup.json<TotpSetupDocument>().meta
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toMatch(/^otpauth:\/\/totp\/Teplo:totp-setup(@|%40)example\.com\?/)
    const parsed = new URL(uri)
    expect(parsed.searchParams.get('secret')).toBe(secret)
    expect(parsed.searchParams.get('issuer')).toBe('Teplo')
    expect(parsed.searchParams.get('digits')).toBe('6')
    expect(parsed.searchParams.get('period')).toBe('30')

    // Not in force yet: /me says so and the password alone still signs in.
    expect((await profile(person.token)).two_factor).toEqual({
      enabled: false,
      totp: false,
      recovery_codes_left: 0,
      passkeys: 0,
      required: false,
    })
    const plain = await post('/api/v2/login', { email: person.email, password: PASSWORD })
    expect(plain.json()).toMatchObject({ token_type: 'Bearer' })

    const wrong = await post('/api/v2/me/two-factor/totp/confirm', { code: '000000' }, person.token)
    expect(wrong.statusCode).toBe(422)
    expect(errorsOf(wrong)[0]?.source?.pointer).toBe('/data/attributes/code')
    const malformed = await post('/api/v2/me/two-factor/totp/confirm', { code: '12ab' }, person.token)
    expect(malformed.statusCode).toBe(422)

    // The password was confirmed in this session a moment ago: no need to send it again to start over.
    const again = await post('/api/v2/me/two-factor/totp', {}, person.token)
    expect(again.statusCode).toBe(200)
    const fresh = again.json<TotpSetupDocument>().meta.secret
    expect(fresh).not.toBe(secret)
    // The first secret was replaced: its codes no longer confirm.
    const stale = await post('/api/v2/me/two-factor/totp/confirm', { code: codeAt(secret) }, person.token)
    expect(stale.statusCode).toBe(422)

    const confirmed = await post('/api/v2/me/two-factor/totp/confirm', { code: codeAt(fresh) }, person.token)
    expect(confirmed.statusCode).toBe(200)
    const codes = confirmed.json<RecoveryCodesDocument>().meta.recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect((await profile(person.token)).two_factor).toEqual({
      enabled: true,
      totp: true,
      recovery_codes_left: 10,
      passkeys: 0,
      required: false,
    })

    // On already: a new set-up would lock the owner out of the app in use.
    const twice = await post('/api/v2/me/two-factor/totp', {}, person.token)
    expect(twice.statusCode).toBe(409)
    const reconfirm = await post('/api/v2/me/two-factor/totp/confirm', { code: codeAt(fresh) }, person.token)
    expect(reconfirm.statusCode).toBe(409)
  })

  it('is refused without a session', async () => {
    for (const url of ['/api/v2/me/two-factor/totp', '/api/v2/me/two-factor/totp/confirm']) {
      expect((await post(url, { code: '123456' })).statusCode).toBe(401)
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/v2/me/two-factor/totp' })).statusCode).toBe(401)
  })
})

describe('signing in with TOTP on', () => {
  it('answers a challenge for the password, and a session for the right code', async () => {
    const person = await addPerson(app, 'totp-login@example.com', 'user')
    const { secret } = await enableTotp(person)
    const challenge = await challengeFor(person)
    // The challenge is stored hashed.
    const [row] = await app.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.challengeHash, sha256(challenge)))
    expect(row?.userId).toBe(person.id)

    const wrong = await secondStep(challenge, '000000')
    expect(wrong.statusCode).toBe(422)
    expect(errorsOf(wrong)[0]?.source?.pointer).toBe('/data/attributes/code')
    // The code that confirmed the set-up was spent then: the next step's code (the window is ±1 step).
    const ok = await secondStep(challenge, codeAt(secret, Date.now() + 30_000))
    expect(ok.statusCode).toBe(200)
    const token = ok.json<{ token_type: string; access_token: string }>()
    expect(token.token_type).toBe('Bearer')
    expect((await profile(token.access_token)).email).toBe(person.email)
    const sessions = await app.inject({
      method: 'GET',
      url: '/api/v2/me/sessions',
      headers: bearer(token.access_token),
    })
    expect(
      sessions.json<{ data: { attributes: { current: boolean } }[] }>().data[0]?.attributes.current,
    ).toBe(true)

    // Single use: the challenge is spent.
    const reused = await secondStep(challenge, codeAt(secret, Date.now() + 30_000))
    expect(reused.statusCode).toBe(401)
    // A code is never accepted twice, not even with a new challenge.
    const replay = await secondStep(await challengeFor(person), codeAt(secret, Date.now() + 30_000))
    expect(replay.statusCode).toBe(422)
    // Codes two steps away are refused.
    const late = await secondStep(await challengeFor(person), codeAt(secret, Date.now() - 90_000))
    expect(late.statusCode).toBe(422)
  })

  it('takes each recovery code once, whatever its case and dashes', async () => {
    const person = await addPerson(app, 'totp-recovery@example.com', 'user')
    const { recoveryCodes } = await enableTotp(person)
    const code = recoveryCodes[3]!
    const ok = await secondStep(await challengeFor(person), ` ${code.replace('-', '').toUpperCase()} `)
    expect(ok.statusCode).toBe(200)
    expect(
      (await profile(ok.json<{ access_token: string }>().access_token)).two_factor.recovery_codes_left,
    ).toBe(9)
    const again = await secondStep(await challengeFor(person), code)
    expect(again.statusCode).toBe(422)
    // Another account's code is no code here.
    const other = await addPerson(app, 'totp-recovery-other@example.com', 'user')
    const otherCodes = (await enableTotp(other)).recoveryCodes
    expect((await secondStep(await challengeFor(person), otherCodes[0]!)).statusCode).toBe(422)
  })

  it('ends a challenge after its wrong codes, and when it expires', async () => {
    const person = await addPerson(app, 'totp-attempts@example.com', 'user')
    const { secret } = await enableTotp(person)
    const challenge = await challengeFor(person)
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect((await secondStep(challenge, `00000${i}`)).statusCode).toBe(422)
    }
    const dead = await secondStep(challenge, codeAt(secret, Date.now() + 30_000))
    expect(dead.statusCode).toBe(401)
    expect(errorsOf(dead)[0]?.detail).toBe('Час на підтвердження входу минув. Увійдіть знову.')

    const expiring = await challengeFor(person)
    await app.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.challengeHash, sha256(expiring)))
    expect((await secondStep(expiring, codeAt(secret, Date.now() + 30_000))).statusCode).toBe(401)
    expect((await secondStep('made-up', '123456')).statusCode).toBe(401)
  })

  it('slows wrong codes like wrong passwords: per account, for the addresses that failed', async () => {
    const person = await addPerson(app, 'totp-throttle@example.com', 'user')
    const { secret } = await enableTotp(person)
    const attacker = '203.0.113.50'
    const first = await challengeFor(person, attacker)
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect((await secondStep(first, `11111${i}`, attacker)).statusCode).toBe(422)
    }
    // Five failures: that address waits, for the password step as for the code, even with the right code.
    const password = await post(
      '/api/v2/login',
      { email: person.email, password: PASSWORD },
      undefined,
      attacker,
    )
    expect(password.statusCode).toBe(429)
    const second = await challengeFor(person)
    const slowed = await secondStep(second, codeAt(secret, Date.now() + 30_000), attacker)
    expect(slowed.statusCode).toBe(429)
    expect(slowed.headers['retry-after']).toBe('1')
    // The owner, from an address that never failed, goes through.
    const owner = await secondStep(await challengeFor(person), codeAt(secret, Date.now() + 30_000))
    expect(owner.statusCode).toBe(200)
  })

  it('does not let a password reset skip the second factor', async () => {
    const person = await addPerson(app, 'totp-reset@example.com', 'user')
    const { secret } = await enableTotp(person)
    const resetToken = 'reset-token-for-totp'
    await app.db.insert(tokens).values({
      userId: person.id,
      kind: 'password_reset',
      tokenHash: sha256(resetToken),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    const reset = await post('/api/v2/password-reset', {
      email: person.email,
      token: resetToken,
      password: 'new-password-456',
      password_confirmation: 'new-password-456',
    })
    expect(reset.statusCode).toBe(200)
    const body = reset.json<{ meta: { challenge_token: string } }>()
    expect(body).not.toHaveProperty('access_token')
    const ok = await secondStep(body.meta.challenge_token, codeAt(secret, Date.now() + 30_000))
    expect(ok.statusCode).toBe(200)
  })
})

describe('turning TOTP off', () => {
  it('asks for a recent password, then signs in with the password alone', async () => {
    const person = await addPerson(app, 'totp-off@example.com', 'user')
    const { recoveryCodes } = await enableTotp(person)
    // A session that signed in with the second factor, its password not confirmed in it.
    const signedIn = await secondStep(await challengeFor(person), recoveryCodes[0]!)
    const token = signedIn.json<{ access_token: string }>().access_token
    const remove = (payload?: object) =>
      app.inject({ method: 'DELETE', url: '/api/v2/me/two-factor/totp', headers: bearer(token), payload })
    expect((await remove()).statusCode).toBe(403)
    expect((await remove({ current_password: 'wrong' })).statusCode).toBe(422)
    const pending = await challengeFor(person)
    expect((await remove({ current_password: PASSWORD })).statusCode).toBe(204)
    expect((await profile(token)).two_factor).toEqual({
      enabled: false,
      totp: false,
      recovery_codes_left: 0,
      passkeys: 0,
      required: false,
    })
    // A challenge waiting for a code died with it; the password alone signs in now.
    expect((await secondStep(pending, recoveryCodes[1]!)).statusCode).toBe(401)
    const plain = await post('/api/v2/login', { email: person.email, password: PASSWORD })
    expect(plain.json()).toMatchObject({ token_type: 'Bearer' })
    expect((await remove()).statusCode).toBe(409)
  })
})
