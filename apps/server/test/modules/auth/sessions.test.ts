import { DEMO_ACCOUNTS, type SessionListDocument } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokens } from '../../../src/db/schema.ts'
import { bearer, build, type Credentials, errorsOf, signIn, type TestApp } from '../../support/helper.ts'

// One proxy in front (TRUST_PROXY=true): the address is the right-most X-Forwarded-For entry.
let app: TestApp
beforeAll(async () => {
  app = await build({ TRUST_PROXY: 'true' })
})
afterAll(async () => {
  await app?.closeAll()
})

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

const owner = DEMO_ACCOUNTS.find((account) => account.role === 'user')!
const installer = DEMO_ACCOUNTS.find((account) => account.role === 'creator')!

/** Signs in as a browser would behind the proxy: the client wrote its own X-Forwarded-For entry first. */
const signInFrom = async (account: Credentials, userAgent: string, address: string) =>
  (
    await signIn(app, account, {
      headers: { 'user-agent': userAgent, 'x-forwarded-for': `6.6.6.6, ${address}` },
    })
  ).token

const me = (token: string, address = '198.51.100.9') =>
  app.inject({ method: 'GET', url: '/api/v2/me', headers: { ...bearer(token), 'x-forwarded-for': address } })
const sessions = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/v2/me/sessions', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return res.json<SessionListDocument>()
}
const tokenIdOf = (list: SessionListDocument, userAgent: string) =>
  list.data.find((session) => session.attributes.user_agent === userAgent)!.id

describe('GET /me/sessions', () => {
  it('lists where the account is signed in: browser, platform, address, and which one is this', async () => {
    const phone = await signInFrom(owner, PHONE, '203.0.113.10')
    await signInFrom(owner, LAPTOP, '203.0.113.20')
    const list = await sessions(phone)
    const mine = list.data.filter((session) => session.attributes.user_agent !== null)
    expect(mine.map((session) => session.attributes.user_agent).sort()).toEqual([PHONE, LAPTOP].sort())
    expect(list.data[0]!.attributes).toMatchObject({
      browser: 'Chrome 131',
      platform: 'Android 14',
      device: 'mobile',
      // Used just now, by this request, from the proxy's own machine (no X-Forwarded-For).
      address: '127.0.0.1',
      current: true,
    })
    expect(list.data.filter((session) => session.attributes.current)).toHaveLength(1)
    const laptop = list.data.find((session) => session.attributes.user_agent === LAPTOP)!
    expect(laptop.attributes).toMatchObject({
      browser: 'Firefox 133',
      platform: 'Windows 10',
      device: 'desktop',
      // The right-most X-Forwarded-For entry, not the one the client wrote.
      address: '203.0.113.20',
      current: false,
    })
    expect(laptop.attributes.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    // Another account's sessions are not listed.
    const other = await signInFrom(installer, LAPTOP, '203.0.113.30')
    expect((await sessions(other)).data.every((session) => session.attributes.user_agent !== PHONE)).toBe(
      true,
    )
    expect((await app.inject({ method: 'GET', url: '/api/v2/me/sessions' })).statusCode).toBe(401)
  })

  it('notes the last use without a database write per request, and shows it', async () => {
    const token = await signInFrom(owner, 'teplo-cli/2.1', '203.0.113.40')
    const id = tokenIdOf(await sessions(token), 'teplo-cli/2.1')
    await app.sessionActivity.flush()
    const stored = async () => {
      const [row] = await app.db
        .select()
        .from(tokens)
        .where(eq(tokens.id, Number(id)))
      return row!
    }
    const before = await stored()
    for (let i = 0; i < 20; i++) expect((await me(token, '198.51.100.77')).statusCode).toBe(200)
    // Twenty requests, nothing written yet: the write comes once, for all of them.
    expect((await stored()).lastUsedAt).toEqual(before.lastUsedAt)
    await app.sessionActivity.flush()
    const after = await stored()
    expect(after.lastUsedAt!.getTime()).toBeGreaterThan(before.lastUsedAt?.getTime() ?? 0)
    expect(after.lastAddress).toBe('198.51.100.77')
    const other = await signInFrom(owner, LAPTOP, '203.0.113.41')
    const listed = (await sessions(other)).data.find((session) => session.id === id)!
    expect(listed.attributes).toMatchObject({ browser: 'teplo-cli 2.1', address: '198.51.100.77' })
    expect(listed.attributes.last_used_at).not.toBeNull()
  })
})

describe('ending sessions', () => {
  it('ends one session at once, even one this instance remembers', async () => {
    const phone = await signInFrom(owner, PHONE, '203.0.113.50')
    const stolen = await signInFrom(owner, LAPTOP, '192.0.2.66')
    // Remembered by the token cache (ADR 020).
    expect((await me(stolen)).statusCode).toBe(200)
    const id = tokenIdOf(await sessions(phone), LAPTOP)
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/v2/me/sessions/${id}`,
      headers: bearer(phone),
    })
    expect(ended.statusCode).toBe(204)
    expect((await me(stolen)).statusCode).toBe(401)
    expect((await me(phone)).statusCode).toBe(200)
    // Gone from the list, and ending it again is a 404.
    expect((await sessions(phone)).data.some((session) => session.id === id)).toBe(false)
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v2/me/sessions/${id}`,
      headers: bearer(phone),
    })
    expect(again.statusCode).toBe(404)
    expect(errorsOf(again)[0]!.detail).toBe('Сеанс не знайдено або його вже завершено.')
  })

  it("cannot end another account's session: 404, and that session goes on", async () => {
    const attacker = await signInFrom(installer, LAPTOP, '192.0.2.70')
    const victim = await signInFrom(owner, PHONE, '203.0.113.60')
    const victimId = (await sessions(victim)).data.find((session) => session.attributes.current)!.id
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v2/me/sessions/${victimId}`,
      headers: bearer(attacker),
    })
    expect(res.statusCode).toBe(404)
    expect((await me(victim)).statusCode).toBe(200)
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/v2/me/sessions/abc',
      headers: bearer(attacker),
    })
    expect(bad.statusCode).toBe(400)
  })

  it('signs out everywhere else, keeping this session', async () => {
    const here = await signInFrom(owner, PHONE, '203.0.113.80')
    const elsewhere = [
      await signInFrom(owner, LAPTOP, '203.0.113.81'),
      await signInFrom(owner, LAPTOP, '203.0.113.82'),
    ]
    for (const token of elsewhere) expect((await me(token)).statusCode).toBe(200)
    const installerToken = await signInFrom(installer, LAPTOP, '203.0.113.83')
    const res = await app.inject({ method: 'DELETE', url: '/api/v2/me/sessions', headers: bearer(here) })
    expect(res.statusCode).toBe(200)
    expect(res.json().meta.ended).toBeGreaterThanOrEqual(2)
    for (const token of elsewhere) expect((await me(token)).statusCode).toBe(401)
    expect((await me(here)).statusCode).toBe(200)
    expect((await sessions(here)).data.map((session) => session.attributes.current)).toEqual([true])
    // Other accounts are untouched.
    expect((await me(installerToken)).statusCode).toBe(200)
  })

  it('ending the current session signs it out', async () => {
    const token = await signInFrom(owner, PHONE, '203.0.113.90')
    const id = (await sessions(token)).data.find((session) => session.attributes.current)!.id
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v2/me/sessions/${id}`,
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(204)
    expect((await me(token)).statusCode).toBe(401)
  })
})
