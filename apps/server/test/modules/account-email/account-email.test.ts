import fs from 'node:fs/promises'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reauthentications, users } from '../../../src/db/schema.ts'
import { bearer, build, errorsOf, loginAs, type TestApp } from '../../support/helper.ts'
import { mailFiles, readMail, waitForMails } from '../../support/mail-files.ts'
import { addDevice, addPerson, type Person, request, tempDataDir } from '../../support/sharing-fixture.ts'

// Proven addresses, the e-mail change with its undo, and the recent re-authentication (ADR 034).

let app: TestApp
let dataDir: string
let owner: Person

beforeAll(async () => {
  dataDir = await tempDataDir()
  app = await build({
    DATA_DIR: dataDir,
    APP_URL: 'http://teplo.test',
    INVITATIONS_PER_DAY: '3',
    PASSWORD_RESETS_PER_HOUR: '3',
  })
  owner = await addPerson(app, 'owner@verify.test', 'user')
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

type Doc = { data: { id: string; attributes: Record<string, unknown> } }
const tokenOf = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] ?? ''

/** The first mail to `to` written after `before` files existed (waits for it). */
async function mailTo(before: number, to: string) {
  for (let count = before + 1; ; count++) {
    const files = (await waitForMails(dataDir, count)).slice(before)
    const mails = await Promise.all(files.map(readMail))
    const mail = mails.find((m) => m.to === to)
    if (mail) return mail
  }
}
const mailCount = async () => (await mailFiles(dataDir)).length

async function signUp(email: string): Promise<Person> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/register',
    payload: { name: 'Новий', email, password: 'password-123', password_confirmation: 'password-123' },
  })
  expect(res.statusCode).toBe(200)
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return { id: row!.id, email, token: res.json().access_token as string }
}

const me = async (who: Person) => (await request(app, who).get('/api/v2/me')).json<Doc>().data.attributes

describe('proven addresses', () => {
  it('mails a link at sign-up; the account is unverified until it is opened, then verified', async () => {
    const before = await mailCount()
    const person = await signUp('fresh@verify.test')
    expect(await me(person)).toMatchObject({ email: 'fresh@verify.test', email_verified_at: null })
    const mail = await mailTo(before, 'fresh@verify.test')
    expect(mail.subject).toBe('Teplo: підтвердіть адресу електронної пошти')
    expect(mail.text).toContain('http://teplo.test/email/verify?token=')

    const opened = await request(app, null).post('/api/v2/email-verification', { token: tokenOf(mail.text) })
    expect(opened.statusCode).toBe(200)
    expect(opened.json<Doc>().data.attributes).toEqual({
      purpose: 'verify',
      email: 'fresh@verify.test',
      signed_out: false,
    })
    expect((await me(person)).email_verified_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    // Single use, and a made-up token is a clear refusal on its field.
    for (const token of [tokenOf(mail.text), 'made-up']) {
      const again = await request(app, null).post('/api/v2/email-verification', { token })
      expect(again.statusCode).toBe(422)
      expect(errorsOf(again)[0]).toMatchObject({
        detail: 'Посилання недійсне або застаріло: попросіть надіслати нове',
        source: { pointer: '/data/attributes/token' },
      })
    }
    // Nothing left to re-send.
    const resend = await request(app, person).post('/api/v2/me/email-verification')
    expect(resend.statusCode).toBe(409)
    expect(errorsOf(resend)[0]?.detail).toBe('Адресу вже підтверджено')
  })

  it('re-sends the link on request (the older one stops working), capped with Retry-After', async () => {
    const before = await mailCount()
    const person = await signUp('resend@verify.test')
    const first = tokenOf((await mailTo(before, 'resend@verify.test')).text)
    const next = await mailCount()
    const resent = await request(app, person).post('/api/v2/me/email-verification')
    expect(resent.statusCode).toBe(204)
    const second = tokenOf((await mailTo(next, 'resend@verify.test')).text)
    expect(second).not.toBe(first)
    const old = await request(app, null).post('/api/v2/email-verification', { token: first })
    expect(old.statusCode).toBe(422)
    // Five address letters an hour: sign-up, the re-send above and three more.
    for (let i = 0; i < 3; i++) {
      expect((await request(app, person).post('/api/v2/me/email-verification')).statusCode).toBe(204)
    }
    const capped = await request(app, person).post('/api/v2/me/email-verification')
    expect(capped.statusCode).toBe(429)
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000)
    expect(errorsOf(capped)[0]?.detail).toMatch(
      /^Забагато листів за короткий час\. Спробуйте знову через \d+ хв\.$/,
    )
    const english = await app.inject({
      method: 'POST',
      url: '/api/v2/me/email-verification',
      headers: { ...bearer(person.token), 'accept-language': 'en' },
    })
    expect(errorsOf(english)[0]?.detail).toMatch(
      /^Too many e-mails in a short time\. Try again in \d+ min\.$/,
    )
  })

  it('an unverified account neither sees nor collects an invitation to its address by id; the link works and proves it', async () => {
    const device = await addDevice(app, owner.id)
    const before = await mailCount()
    const invited = await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: 'victim@verify.test',
      access: 'operator',
    })
    expect(invited.statusCode).toBe(202)
    const invitationId = invited.json<Doc>().data.id
    const invitation = await mailTo(before, 'victim@verify.test')

    // Whoever signs up first with the address does not get the offer from the list.
    const squatter = await signUp('victim@verify.test')
    expect((await request(app, squatter).get('/api/v2/invitations')).json().data).toEqual([])
    const byId = await request(app, squatter).post(`/api/v2/invitations/${invitationId}/accept`)
    expect(byId.statusCode).toBe(403)
    expect(errorsOf(byId)[0]?.detail).toContain('Підтвердіть свою адресу електронної пошти')
    const declined = await request(app, squatter).delete(`/api/v2/invitations/${invitationId}`)
    expect(declined.statusCode).toBe(403)
    expect((await request(app, squatter).get(`/api/v2/items/${device.id}`)).statusCode).toBe(404)

    // The mailbox's owner opens the mailed link: accepted, and the address is proven by it.
    const accepted = await request(app, squatter).post('/api/v2/invitations/accept', {
      token: tokenOf(invitation.text),
    })
    expect(accepted.statusCode).toBe(200)
    expect((await me(squatter)).email_verified_at).not.toBeNull()
    expect((await request(app, squatter).get(`/api/v2/items/${device.id}`)).statusCode).toBe(200)
  })

  it('a share to an existing but unverified account is a mailed invitation, not access at once', async () => {
    const device = await addDevice(app, owner.id)
    const unproven = await addPerson(app, 'unproven@verify.test', 'user', { verified: false })
    const res = await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: unproven.email,
      access: 'viewer',
    })
    expect(res.statusCode).toBe(202)
    expect((await request(app, unproven).get(`/api/v2/items/${device.id}`)).statusCode).toBe(404)
  })

  it('an address an admin changes is no longer proven', async () => {
    const person = await addPerson(app, 'renamed@verify.test', 'user')
    const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
    const token = await loginAs(app, demoAdmin.email, demoAdmin.password)
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v2/users/${person.id}`,
      headers: bearer(token),
      payload: { email: 'renamed-2@verify.test' },
    })
    expect(res.statusCode).toBe(200)
    expect((await me(person)).email_verified_at).toBeNull()
  })
})

describe('e-mail change', () => {
  it('refuses without a recent password, with a clear message, and changes nothing', async () => {
    const person = await addPerson(app, 'change-a@verify.test', 'user')
    const before = await mailCount()
    const res = await request(app, person).patch('/api/v2/me', { email: 'elsewhere@verify.test' })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res)[0]?.detail).toBe(
      'Підтвердіть поточний пароль: ця дія можлива лише протягом 5 хвилин після його введення',
    )
    const wrong = await request(app, person).patch('/api/v2/me', {
      email: 'elsewhere@verify.test',
      current_password: 'not-it',
    })
    expect(wrong.statusCode).toBe(422)
    expect(errorsOf(wrong)[0]).toMatchObject({
      detail: 'Невірний поточний пароль',
      source: { pointer: '/data/attributes/current_password' },
    })
    expect(await me(person)).toMatchObject({ email: 'change-a@verify.test', pending_email: null })
    expect(await mailCount()).toBe(before)
  })

  it('with the password: pending, the old address told; the new address link applies it; undo restores it', async () => {
    const person = await addPerson(app, 'change-b@verify.test', 'user')
    const other = await loginAs(app, person.email, 'password-123')
    const before = await mailCount()
    const res = await request(app, person).patch('/api/v2/me', {
      email: 'New-B@Verify.test',
      current_password: 'password-123',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Doc>().data.attributes).toMatchObject({
      email: 'change-b@verify.test',
      pending_email: 'new-b@verify.test',
    })
    const toNew = await mailTo(before, 'new-b@verify.test')
    const toOld = await mailTo(before, 'change-b@verify.test')
    expect(toNew.subject).toBe('Teplo: підтвердіть нову адресу електронної пошти')
    expect(toOld.subject).toBe('Teplo: запит на зміну адреси вашого облікового запису')
    expect(toOld.text).toContain('new-b@verify.test')
    expect(toOld.text).toContain('http://teplo.test/email/undo?token=')
    // Still the old address until the link is opened.
    expect(await loginAs(app, 'change-b@verify.test', 'password-123')).toBeTruthy()

    const applied = await request(app, null).post('/api/v2/email-verification', {
      token: tokenOf(toNew.text),
    })
    expect(applied.statusCode).toBe(200)
    expect(applied.json<Doc>().data.attributes).toMatchObject({
      purpose: 'change',
      email: 'new-b@verify.test',
    })
    const after = await me(person)
    expect(after).toMatchObject({ email: 'new-b@verify.test', pending_email: null })
    expect(after.email_verified_at).not.toBeNull()

    // The old address's owner undoes it: address back, every session ended.
    const undone = await request(app, null).post('/api/v2/email-change/undo', { token: tokenOf(toOld.text) })
    expect(undone.statusCode).toBe(200)
    expect(undone.json<Doc>().data.attributes).toEqual({
      purpose: 'undo',
      email: 'change-b@verify.test',
      signed_out: true,
    })
    expect((await request(app, person).get('/api/v2/me')).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(other) })).statusCode).toBe(
      401,
    )
    const [row] = await app.db.select().from(users).where(eq(users.id, person.id))
    expect(row?.email).toBe('change-b@verify.test')
    const again = await request(app, null).post('/api/v2/email-change/undo', { token: tokenOf(toOld.text) })
    expect(again.statusCode).toBe(422)
  })

  it('a check-password within 5 minutes vouches for this session only; the undo cancels a waiting change', async () => {
    const person = await addPerson(app, 'change-c@verify.test', 'user')
    const second = { ...person, token: await loginAs(app, person.email, 'password-123') }
    const checked = await request(app, person).post('/api/v2/auth/check-password', {
      password: 'password-123',
    })
    expect(checked.statusCode).toBe(204)
    // Another session of the same account has not confirmed anything.
    const elsewhere = await request(app, second).patch('/api/v2/me', { email: 'c2@verify.test' })
    expect(elsewhere.statusCode).toBe(403)

    const before = await mailCount()
    const res = await request(app, person).patch('/api/v2/me', { email: 'c2@verify.test' })
    expect(res.statusCode).toBe(200)
    expect(res.json<Doc>().data.attributes).toMatchObject({ pending_email: 'c2@verify.test' })
    const toNew = await mailTo(before, 'c2@verify.test')
    const toOld = await mailTo(before, 'change-c@verify.test')

    // Six minutes later the confirmation has lapsed.
    await app.db.update(reauthentications).set({ confirmedAt: new Date(Date.now() - 6 * 60_000) })
    expect((await request(app, person).patch('/api/v2/me', { email: 'c3@verify.test' })).statusCode).toBe(403)

    // Undone before it was applied: the waiting change is cancelled and its link dead.
    const undone = await request(app, null).post('/api/v2/email-change/undo', { token: tokenOf(toOld.text) })
    expect(undone.statusCode).toBe(200)
    const applied = await request(app, null).post('/api/v2/email-verification', {
      token: tokenOf(toNew.text),
    })
    expect(applied.statusCode).toBe(422)
    const [row] = await app.db.select().from(users).where(eq(users.id, person.id))
    expect(row?.email).toBe('change-c@verify.test')
  })

  it('deleting the account takes the same recent re-authentication', async () => {
    const person = await addPerson(app, 'delete-me@verify.test', 'user')
    const bare = await request(app, person).delete('/api/v2/me')
    expect(bare.statusCode).toBe(403)
    expect(errorsOf(bare)[0]?.detail).toContain('Підтвердіть поточний пароль')
    await request(app, person).post('/api/v2/auth/check-password', { password: 'password-123' })
    expect((await request(app, person).delete('/api/v2/me')).statusCode).toBe(204)
  })
})

describe('mail caps', () => {
  it('an account sends at most INVITATIONS_PER_DAY shares and invitations a day: then 429 with Retry-After', async () => {
    const sender = await addPerson(app, 'sender@verify.test', 'user')
    const device = await addDevice(app, sender.id)
    for (let i = 0; i < 3; i++) {
      const sent = await request(app, sender).post(`/api/v2/items/${device.id}/shares`, {
        email: `guest-${i}@verify.test`,
        access: 'viewer',
      })
      expect(sent.statusCode).toBe(202)
    }
    const before = await mailCount()
    const capped = await request(app, sender).post(`/api/v2/items/${device.id}/shares`, {
      email: 'guest-3@verify.test',
      access: 'viewer',
    })
    expect(capped.statusCode).toBe(429)
    const wait = Number(capped.headers['retry-after'])
    expect(wait).toBeGreaterThan(23 * 3600)
    expect(wait).toBeLessThanOrEqual(24 * 3600)
    expect(errorsOf(capped)[0]?.detail).toMatch(/^Забагато листів за короткий час/)
    expect(await mailCount()).toBe(before)
    // Another account is not held back by this one's cap.
    expect(
      (
        await request(app, owner).post(`/api/v2/items/${(await addDevice(app, owner.id)).id}/shares`, {
          email: 'guest-3@verify.test',
          access: 'viewer',
        })
      ).statusCode,
    ).toBe(202)
  })

  it('one client address asks for at most PASSWORD_RESETS_PER_HOUR resets, whatever the e-mails', async () => {
    const forgot = (email: string) =>
      app.inject({ method: 'POST', url: '/api/v2/password-forgot', payload: { email } })
    for (const email of ['a@verify.test', 'b@verify.test', owner.email]) {
      expect((await forgot(email)).statusCode).toBe(204)
    }
    const capped = await forgot('d@verify.test')
    expect(capped.statusCode).toBe(429)
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000)
    // The same answer for an address with an account: the cap tells nothing about who is registered.
    expect((await forgot(owner.email)).statusCode).toBe(429)
  })
})
