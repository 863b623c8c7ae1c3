import type { PasskeyListDocument, ProfileDocument } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, build, errorsOf, type TestApp } from '../../support/helper.ts'
import { addPerson, type Person } from '../../support/sharing-fixture.ts'
import { SoftwarePasskey } from '../../support/software-passkey.ts'

// APP_URL decides the relying party: browsers sign for its origin, the passkey belongs to its host.
const APP_URL = 'https://teplo.example.com'
let app: TestApp
beforeAll(async () => {
  app = await build({ APP_URL })
})
afterAll(async () => {
  await app?.closeAll()
})

const PASSWORD = 'password-123'
type Options = { challenge: string; rp?: { id: string }; allowCredentials?: { id: string }[] }

let address = 0
const post = (url: string, payload: object, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `198.51.100.${++address}`,
    headers: token ? bearer(token) : {},
  })
const optionsOf = (res: { json: () => unknown }) =>
  (res.json() as { meta: { options: Options } }).meta.options

async function addPasskey(person: Person, name = 'Ноутбук') {
  const passkey = new SoftwarePasskey(APP_URL, 'teplo.example.com')
  const options = await post('/api/v2/me/passkeys/options', { current_password: PASSWORD }, person.token)
  expect(options.statusCode).toBe(200)
  const created = await post(
    '/api/v2/me/passkeys',
    { response: passkey.create(optionsOf(options).challenge), name },
    person.token,
  )
  expect(created.statusCode, created.body).toBe(200)
  return { passkey, id: created.json<{ data: { id: string } }>().data.id }
}

async function challengeFor(person: Person) {
  const res = await post('/api/v2/login', { email: person.email, password: PASSWORD })
  return res.json<{ meta: { two_factor: string; methods: string[]; challenge_token: string } }>().meta
}

describe('adding a passkey', () => {
  it('asks for a recent password, offers a discoverable passkey for APP_URL, keeps it, and lists it', async () => {
    const person = await addPerson(app, 'passkey-add@example.com', 'user')
    expect((await post('/api/v2/me/passkeys/options', {}, person.token)).statusCode).toBe(403)
    const res = await post('/api/v2/me/passkeys/options', { current_password: PASSWORD }, person.token)
    const options = optionsOf(res) as Options & { authenticatorSelection: { residentKey: string } }
    expect(options.rp?.id).toBe('teplo.example.com')
    expect(options.authenticatorSelection.residentKey).toBe('required')

    const passkey = new SoftwarePasskey(APP_URL, 'teplo.example.com')
    const response = passkey.create(options.challenge)
    // Made for another site: refused.
    const phished = new SoftwarePasskey('https://teplo.example.org', 'teplo.example.org').create(
      options.challenge,
    )
    const refused = await post('/api/v2/me/passkeys', { response: phished }, person.token)
    expect(refused.statusCode).toBe(422)
    // The refusal spent the challenge: the right answer to it is late now.
    expect((await post('/api/v2/me/passkeys', { response }, person.token)).statusCode).toBe(422)

    const { id } = await addPasskey(person, 'Телефон')
    const list = await app.inject({
      method: 'GET',
      url: '/api/v2/me/passkeys',
      headers: bearer(person.token),
    })
    const document = list.json<PasskeyListDocument>()
    expect(document.meta.total).toBe(1)
    expect(document.data[0]).toMatchObject({ id, attributes: { name: 'Телефон', last_used_at: null } })
    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(person.token) })
    expect(me.json<ProfileDocument>().data.attributes.two_factor).toEqual({
      enabled: true,
      totp: false,
      recovery_codes_left: 0,
      passkeys: 1,
      required: false,
    })
    // Another account's challenge is not this account's.
    const other = await addPerson(app, 'passkey-add-other@example.com', 'user')
    const theirs = await post('/api/v2/me/passkeys/options', { current_password: PASSWORD }, other.token)
    const stolen = new SoftwarePasskey(APP_URL, 'teplo.example.com').create(optionsOf(theirs).challenge)
    expect((await post('/api/v2/me/passkeys', { response: stolen }, person.token)).statusCode).toBe(422)
  })
})

describe('a passkey as the second factor', () => {
  it('is asked for after the password and completes the sign-in', async () => {
    const person = await addPerson(app, 'passkey-2fa@example.com', 'user')
    const { passkey } = await addPasskey(person)
    const challenge = await challengeFor(person)
    expect(challenge.two_factor).toBe('passkey')
    expect(challenge.methods).toEqual(['passkey'])

    const options = optionsOf(
      await post('/api/v2/login/two-factor/passkey-options', { challenge_token: challenge.challenge_token }),
    )
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([passkey.id])
    // Signed for another origin (a phishing page): refused, and it costs an attempt.
    const phished = await post('/api/v2/login/two-factor', {
      challenge_token: challenge.challenge_token,
      passkey: passkey.get(options.challenge, { origin: 'https://teplo-login.example.net' }),
    })
    expect(phished.statusCode).toBe(422)
    expect(errorsOf(phished)[0]?.source?.pointer).toBe('/data/attributes/passkey')

    const again = optionsOf(
      await post('/api/v2/login/two-factor/passkey-options', { challenge_token: challenge.challenge_token }),
    )
    const ok = await post('/api/v2/login/two-factor', {
      challenge_token: challenge.challenge_token,
      passkey: passkey.get(again.challenge),
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ token_type: 'Bearer' })
  })

  it("does not take another account's passkey", async () => {
    const person = await addPerson(app, 'passkey-2fa-victim@example.com', 'user')
    await addPasskey(person)
    const attacker = await addPerson(app, 'passkey-2fa-attacker@example.com', 'user')
    const { passkey } = await addPasskey(attacker)
    const challenge = await challengeFor(person)
    const options = optionsOf(
      await post('/api/v2/login/two-factor/passkey-options', { challenge_token: challenge.challenge_token }),
    )
    const res = await post('/api/v2/login/two-factor', {
      challenge_token: challenge.challenge_token,
      passkey: passkey.get(options.challenge),
    })
    expect(res.statusCode).toBe(422)
  })
})

describe('signing in with a passkey, no password', () => {
  it('opens a session for the passkey verified by its authenticator, once per challenge', async () => {
    const person = await addPerson(app, 'passkey-login@example.com', 'user')
    const { passkey } = await addPasskey(person)
    const options = optionsOf(await post('/api/v2/login/passkey/options', {}))
    expect(options.allowCredentials ?? []).toEqual([])
    const response = passkey.get(options.challenge)
    const ok = await post('/api/v2/login/passkey', { response })
    expect(ok.statusCode, ok.body).toBe(200)
    const token = ok.json<{ access_token: string }>().access_token
    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
    expect(me.json<ProfileDocument>().data.attributes.email).toBe(person.email)
    // The same answer again: its challenge is spent.
    expect((await post('/api/v2/login/passkey', { response })).statusCode).toBe(401)
    // Without the person verified (no PIN, no fingerprint) it is one factor: refused.
    const unverified = optionsOf(await post('/api/v2/login/passkey/options', {}))
    const refused = await post('/api/v2/login/passkey', {
      response: passkey.get(unverified.challenge, { userVerified: false }),
    })
    expect(refused.statusCode).toBe(401)
    // A passkey nobody registered here.
    const stranger = new SoftwarePasskey(APP_URL, 'teplo.example.com')
    const unknown = optionsOf(await post('/api/v2/login/passkey/options', {}))
    expect(
      (await post('/api/v2/login/passkey', { response: stranger.get(unknown.challenge) })).statusCode,
    ).toBe(401)
    // Malformed answers are a 422, never a 500.
    const malformed = await post('/api/v2/login/passkey', { response: { id: 'x', type: 'public-key' } })
    expect(malformed.statusCode).toBe(422)
  })
})

describe('removing a passkey', () => {
  it('asks for a recent password and touches only the caller’s own', async () => {
    const person = await addPerson(app, 'passkey-remove@example.com', 'user')
    const { id } = await addPasskey(person)
    const other = await addPerson(app, 'passkey-remove-other@example.com', 'user')
    // Another account, even recently re-authenticated, does not find it.
    await post('/api/v2/auth/check-password', { password: PASSWORD }, other.token)
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v2/me/passkeys/${id}`,
      headers: bearer(other.token),
    })
    expect(foreign.statusCode).toBe(404)
    const login = await post('/api/v2/login', { email: person.email, password: PASSWORD })
    expect(login.json()).toHaveProperty('meta.two_factor', 'passkey')

    // A fresh session (its password not confirmed in it) must confirm it first.
    const passkeySession = await post('/api/v2/login/passkey', {
      response: (await addPasskey(person, 'Другий')).passkey.get(
        optionsOf(await post('/api/v2/login/passkey/options', {})).challenge,
      ),
    })
    const token = passkeySession.json<{ access_token: string }>().access_token
    const remove = (payload: object) =>
      app.inject({ method: 'DELETE', url: `/api/v2/me/passkeys/${id}`, headers: bearer(token), payload })
    expect((await remove({})).statusCode).toBe(403)
    expect((await remove({ current_password: PASSWORD })).statusCode).toBe(204)
    expect((await remove({ current_password: PASSWORD })).statusCode).toBe(404)
  })
})
