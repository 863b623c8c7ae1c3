import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokens } from '../../../src/db/schema.ts'
import { createMailer } from '../../../src/lib/mailer.ts'
import { sha256 } from '../../../src/lib/secrets.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'
import { mailFiles, readMail, waitForMails } from '../../support/mail-files.ts'

const APP_URL = 'https://teplo.example'
const REDIRECT = `${APP_URL}/password/reset`
const INVALID_TOKEN = 'Посилання для зміни пароля недійсне або застаріло.'

let app: TestApp
let dataDir: string
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teplo-reset-'))
  // Every request here comes from one address: the cap across e-mails is account-email.test.ts's concern.
  app = await build({
    DATA_DIR: dataDir,
    APP_URL,
    ALLOWED_REDIRECT_ORIGINS: 'http://teplo.lan:8080',
    PASSWORD_RESETS_PER_HOUR: '1000',
  })
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }

async function register(
  email: string,
  password = 'first-password',
  extra: { name?: string; language?: string } = {},
) {
  const before = (await mailFiles(dataDir)).length
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/register',
    payload: { name: 'Оксана', email, password, password_confirmation: password, ...extra },
  })
  expect(res.statusCode).toBe(200)
  // The verification letter of the sign-up (ADR 034) is written before the reset mails are counted.
  await waitForMails(dataDir, before + 1)
  return res.json<{ access_token: string }>().access_token
}

const forgot = (email: string, redirectUrl = REDIRECT) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/password-forgot',
    payload: { email, redirect_url: redirectUrl },
  })

const reset = (email: string, token: string, password = 'second-password', confirmation = password) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/password-reset',
    payload: { email, token, password, password_confirmation: confirmation },
  })

// Asks for a reset link and returns the token from the e-mail that arrives.
async function mailedToken(email: string): Promise<string> {
  const before = (await mailFiles(dataDir)).length
  expect((await forgot(email)).statusCode).toBe(204)
  const files = await waitForMails(dataDir, before + 1)
  const mail = await readMail(files.at(-1)!)
  expect(mail.to).toBe(email)
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0])
  return link.searchParams.get('token')!
}

describe('POST /api/v2/password-forgot', () => {
  it('answers 204 alike for known and unknown e-mails and mails only the registered one', async () => {
    await register('oksana@example.com')
    const before = await mailFiles(dataDir)
    const unknown = await forgot('nobody-here@example.com')
    const known = await forgot('OKSANA@example.com')
    expect(unknown.statusCode).toBe(204)
    expect(known.statusCode).toBe(204)
    expect(known.body).toBe(unknown.body)

    const files = await waitForMails(dataDir, before.length + 1)
    // The unknown address's lookup was queued first; give stragglers a moment before counting.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await mailFiles(dataDir)).toHaveLength(before.length + 1)
    const mail = await readMail(files.at(-1)!)
    expect(mail.to).toBe('oksana@example.com')
    expect(mail.subject).toBe('Teplo: зміна пароля')
    expect(mail.text).toContain('Вітаємо, Оксана!')

    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? ''
    expect(link).toMatch(
      /^https:\/\/teplo\.example\/password\/reset\?token=[\w-]{40,}&email=oksana%40example\.com$/,
    )
    const token = new URL(link).searchParams.get('token')!
    const [row] = await app.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, sha256(token)))
    expect(row?.kind).toBe('password_reset')
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutesLeft).toBeGreaterThan(59)
    expect(minutesLeft).toBeLessThanOrEqual(60)
  })

  it("writes in the account's language: English to an English account, the Ukrainian text unchanged otherwise", async () => {
    await register('anna@example.com', 'first-password', { name: 'Anna', language: 'en' })
    await register('taras-uk@example.com', 'first-password', { name: 'Тарас' })
    const mailTo = async (email: string) => {
      const before = (await mailFiles(dataDir)).length
      expect((await forgot(email)).statusCode).toBe(204)
      return readMail((await waitForMails(dataDir, before + 1)).at(-1)!)
    }

    const english = await mailTo('anna@example.com')
    const englishLink = /https?:\/\/\S+/.exec(english.text)![0]
    expect(english.subject).toBe('Teplo: password change')
    expect(english.text).toBe(
      [
        'Hello, Anna!',
        '',
        'We received a request to change the password of your Teplo account.',
        'To set a new password, open the link (it works for 60 minutes and only once):',
        englishLink,
        '',
        'If you did not ask to change your password, just ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    )
    expect(englishLink).toMatch(
      /^https:\/\/teplo\.example\/password\/reset\?token=[\w-]{40,}&email=anna%40example\.com$/,
    )

    const ukrainian = await mailTo('taras-uk@example.com')
    const ukrainianLink = /https?:\/\/\S+/.exec(ukrainian.text)![0]
    expect(ukrainian.subject).toBe('Teplo: зміна пароля')
    expect(ukrainian.text).toBe(
      [
        'Вітаємо, Тарас!',
        '',
        'Ми отримали запит на зміну пароля до вашого облікового запису Teplo.',
        'Щоб встановити новий пароль, відкрийте посилання (воно діє 60 хвилин і лише один раз):',
        ukrainianLink,
        '',
        'Якщо ви не просили змінити пароль, просто проігноруйте цей лист — пароль залишиться без змін.',
      ].join('\n'),
    )

    // The language changed in the profile is the one the next e-mail is written in.
    const token = await loginAs(app, 'anna@example.com', 'first-password')
    const back = await app.inject({
      method: 'PATCH',
      url: '/api/v2/me',
      headers: bearer(token),
      payload: { language: 'uk' },
    })
    expect(back.statusCode).toBe(200)
    expect((await mailTo('anna@example.com')).subject).toBe('Teplo: зміна пароля')
  })

  // The app opened at another address than APP_URL (127.0.0.1, a LAN name) still gets a working link, never a
  // link to a foreign site.
  it('links to the reset page under APP_URL when redirect_url is missing or on an origin not allowed', async () => {
    for (const url of [
      undefined,
      'http://127.0.0.1:3000/password/reset',
      'https://evil.example/password/reset',
      'https://teplo.example.evil.example/password/reset',
      'http://teplo.example/password/reset',
    ]) {
      const before = (await mailFiles(dataDir)).length
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/password-forgot',
        payload:
          url === undefined
            ? { email: 'oksana@example.com' }
            : { email: 'oksana@example.com', redirect_url: url },
        // Each try counts against the 5-a-minute limit of this address and e-mail.
        remoteAddress: `10.0.8.${before % 250}`,
      })
      expect(res.statusCode, url).toBe(204)
      const files = await waitForMails(dataDir, before + 1)
      const link = /https?:\/\/\S+/.exec((await readMail(files.at(-1)!)).text)?.[0] ?? ''
      expect(link.startsWith(`${REDIRECT}?token=`), `${url} -> ${link}`).toBe(true)
    }
  })

  it('keeps a redirect_url on an allowed origin as it was sent', async () => {
    const before = (await mailFiles(dataDir)).length
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/password-forgot',
      payload: { email: 'oksana@example.com', redirect_url: 'http://teplo.lan:8080/password/reset' },
      remoteAddress: '10.0.9.1',
    })
    expect(res.statusCode).toBe(204)
    const files = await waitForMails(dataDir, before + 1)
    const link = /https?:\/\/\S+/.exec((await readMail(files.at(-1)!)).text)?.[0] ?? ''
    expect(link.startsWith('http://teplo.lan:8080/password/reset?token=')).toBe(true)
  })

  it('answers 422 on redirect_url for an address that is not a web URL', async () => {
    const res = await forgot('oksana@example.com', 'javascript:alert(1)')
    expect(res.statusCode).toBe(422)
    expect(res.json<ErrorDoc>().errors.map((e) => e.source?.pointer)).toEqual([
      '/data/attributes/redirect_url',
    ])
    expect(res.headers['content-type']).toContain(JSON_API)
  })

  it('answers 422 on email for a malformed address', async () => {
    const res = await forgot('not-an-email')
    expect(res.statusCode).toBe(422)
    expect(res.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Необіхдно вписати існуючий email!',
      source: { pointer: '/data/attributes/email' },
    })
  })

  it('answers 429 after five requests a minute for one e-mail', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await forgot('flood@example.com')).statusCode)
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429])
    expect((await forgot('someone-else@example.com')).statusCode).toBe(204)
  })
})

describe('POST /api/v2/password-reset', () => {
  it('sets the new password, ends old sessions and signs the user in', async () => {
    const oldSession = await register('taras@example.com')
    const token = await mailedToken('taras@example.com')
    const res = await reset('taras@example.com', token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    const body = res.json<{ token_type: string; expires_in: number; access_token: string }>()
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBeGreaterThan(0)

    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(body.access_token) })
    expect(me.json().data.attributes.email).toBe('taras@example.com')
    const old = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(oldSession) })
    expect(old.statusCode).toBe(401)
    await expect(loginAs(app, 'taras@example.com', 'first-password')).rejects.toThrow(/401/)
    expect(await loginAs(app, 'taras@example.com', 'second-password')).toBeTruthy()

    // The link works once only.
    const again = await reset('taras@example.com', token, 'third-password')
    expect(again.statusCode).toBe(422)
    expect(again.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: INVALID_TOKEN,
      source: { pointer: '/data/attributes/token' },
    })
  })

  it('refuses an expired token', async () => {
    await register('petro@example.com')
    const token = await mailedToken('petro@example.com')
    await app.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, sha256(token)))
    const res = await reset('petro@example.com', token)
    expect(res.statusCode).toBe(422)
    expect(res.json<ErrorDoc>().errors[0]?.detail).toBe(INVALID_TOKEN)
    await expect(loginAs(app, 'petro@example.com', 'second-password')).rejects.toThrow(/401/)
  })

  it('refuses a wrong token, a token of another e-mail and an earlier link once a newer one is sent', async () => {
    await register('ira@example.com')
    const first = await mailedToken('ira@example.com')
    const second = await mailedToken('ira@example.com')
    for (const [email, token] of [
      ['ira@example.com', 'made-up-token'],
      ['ira@example.com', first],
      ['oksana@example.com', second],
      ['nobody-here@example.com', second],
    ] as const) {
      const res = await reset(email, token)
      expect(res.statusCode, `${email} ${token}`).toBe(422)
      expect(res.json<ErrorDoc>().errors[0]?.source?.pointer).toBe('/data/attributes/token')
    }
    expect((await reset('ira@example.com', second)).statusCode).toBe(200)
  })

  it('checks the new password before looking at the token', async () => {
    const short = await reset('ira@example.com', 'whatever', 'short')
    expect(short.statusCode).toBe(422)
    expect(short.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Пароль повинен бути більше 8 символів!',
      source: { pointer: '/data/attributes/password' },
    })
    const differs = await reset('ira@example.com', 'whatever', 'long-enough-1', 'long-enough-2')
    expect(differs.statusCode).toBe(422)
    expect(differs.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Паролі не однакові',
      source: { pointer: '/data/attributes/password_confirmation' },
    })
  })

  it('answers 429 after five attempts a minute for one e-mail', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await reset('guess@example.com', `guess-${i}`)).statusCode)
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429])
  })
})

describe('mailer without SMTP', () => {
  it('writes an .eml file, logs its path, and its first link (which may hold a secret) only at debug level', async () => {
    const lines: { level?: number; msg?: string; file?: string; link?: string }[] = []
    const logger = Fastify({
      logger: { level: 'debug', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    })
    const mailDir = path.join(dataDir, 'mailer-unit')
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Teplo <a@teplo.test>',
      mailDir,
      log: logger.log,
    })
    const sent = await mailer.send({
      to: 'b@teplo.test',
      subject: 'Привіт',
      text: 'Відкрийте https://teplo.example/x?y=1 і далі http://second.example',
    })
    mailer.close()
    expect(sent.file?.startsWith(mailDir)).toBe(true)
    const mail = await readMail(sent.file!)
    expect(mail).toMatchObject({ to: 'b@teplo.test', subject: 'Привіт' })
    const written = lines.find((l) => l.msg === 'mail written')
    expect(written).toMatchObject({ level: 30, file: sent.file })
    expect(written?.link).toBeUndefined()
    expect(lines.find((l) => l.msg === 'mail link')).toMatchObject({
      level: 20,
      link: 'https://teplo.example/x?y=1',
    })
    await logger.close()
  })
})
