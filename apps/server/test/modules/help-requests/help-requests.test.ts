import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { helpRequests, users } from '../../../src/db/schema.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'
import { mailFiles, readMail } from '../../support/mail-files.ts'

const owner = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const SUPPORT = 'help-desk@teplo.test'

let app: TestApp
let dataDir: string
let token: string
let ownerId: number
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teplo-help-'))
  app = await build({ DATA_DIR: dataDir, SUPPORT_EMAIL: SUPPORT })
  token = await loginAs(app, owner.email, owner.password)
  ownerId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]!.id
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }

const send = (payload: object, auth: string | null = token) =>
  app.inject({ method: 'POST', url: '/api/v2/help-requests', headers: auth ? bearer(auth) : {}, payload })

describe('POST /api/v2/help-requests', () => {
  it('stores the request and e-mails it to the support address', async () => {
    const before = await mailFiles(dataDir)
    const res = await send({ name: ' Іван ', problem: 'Котел не запускається після чистки, помилка E1.' })
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toContain(JSON_API)
    const data = res.json().data
    expect(data).toMatchObject({ type: 'help-requests', attributes: { name: 'Іван' } })
    expect(data.attributes.emailed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    const [row] = await app.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, Number(data.id)))
    expect(row).toMatchObject({
      userId: ownerId,
      name: 'Іван',
      problem: 'Котел не запускається після чистки, помилка E1.',
    })
    expect(row?.emailedAt).toBeInstanceOf(Date)

    const files = await mailFiles(dataDir)
    expect(files).toHaveLength(before.length + 1)
    const mail = await readMail(files.at(-1)!)
    expect(mail.to).toBe(SUPPORT)
    expect(mail.replyTo).toBe(owner.email)
    expect(mail.subject).toBe('Teplo: запит на допомогу від Іван')
    expect(mail.text).toContain('Котел не запускається після чистки, помилка E1.')
    expect(mail.text).toContain(owner.email)
  })

  it('accepts a JSON:API document', async () => {
    const res = await send({
      data: { type: 'help-requests', attributes: { name: 'Ольга', problem: 'Не гріє воду' } },
    })
    expect(res.statusCode).toBe(201)
  })

  it('answers 422 with the form messages for blank fields', async () => {
    const res = await send({ name: '  ', problem: '' })
    expect(res.statusCode).toBe(422)
    const errors = res.json<ErrorDoc>().errors
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/name')?.detail).toBe(
      "Будь ласка, введіть ваше ім'я",
    )
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/problem')?.detail).toBe(
      'Будь ласка, опишіть проблему',
    )
  })

  it('answers 401 without a token', async () => {
    expect((await send({ name: 'Іван', problem: 'Котел' }, null)).statusCode).toBe(401)
  })

  it('keeps the request when the mail cannot be sent', async () => {
    // Make the mail folder unwritable by putting a plain file in its place.
    const mailDir = path.join(dataDir, 'mail')
    const aside = path.join(dataDir, 'mail-aside')
    await fs.rename(mailDir, aside)
    await fs.writeFile(mailDir, 'not a folder')
    try {
      const res = await send({ name: 'Марко', problem: 'Пошта лежить, а котел теж' })
      expect(res.statusCode).toBe(201)
      expect(res.json().data.attributes.emailed_at).toBeNull()
      const [row] = await app.db.select().from(helpRequests).where(eq(helpRequests.name, 'Марко'))
      expect(row?.problem).toBe('Пошта лежить, а котел теж')
      expect(row?.emailedAt).toBeNull()
    } finally {
      await fs.rm(mailDir, { force: true })
      await fs.rename(aside, mailDir)
    }
  })
})
