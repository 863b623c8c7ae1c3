import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../../src/db/client.ts'
import { items, mailOutbox, users } from '../../../src/db/schema.ts'
import type { Mailer, MailMessage } from '../../../src/lib/mailer.ts'
import {
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  MailOutboxWorker,
} from '../../../src/modules/mail-outbox/mail-outbox.ts'
import { bearer, build, loginAs, openTestDatabase, type TestApp } from '../../support/helper.ts'
import { readMail, waitForMails } from '../../support/mail-files.ts'

// Handover notices go through the mail outbox (ADR 033): queued in the handover's transaction, sent after it,
// retried while the mail server fails.

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger

/** A mail server that refuses the first `failures` messages, then accepts. */
function flakyMailer(failures: number) {
  const sent: MailMessage[] = []
  let left = failures
  const mailer: Mailer = {
    mode: 'smtp',
    send: async (message) => {
      if (left > 0) {
        left--
        throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      }
      sent.push(message)
      return { messageId: message.messageId ?? '' }
    },
    close: () => undefined,
  }
  return { mailer, sent }
}

describe('the mail outbox', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })
  const message = (to: string) => ({ to, subject: 'Teplo', text: `Лист для ${to}` })
  const rowsTo = async (to: string) =>
    (await database.db.select().from(mailOutbox)).filter((row) => row.message.to === to)

  it('keeps a message while the mail server fails and sends it once it answers, with one Message-ID', async () => {
    await enqueueMail(database.db, 'handover-notice', [message('retry@example.com')])
    const { mailer, sent } = flakyMailer(2)
    const worker = new MailOutboxWorker({ db: database.db, mailer, log: silent, retryMs: 60_000 })
    const dueNow = () =>
      database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.state, 'pending'))
    expect(await worker.runOnce()).toBe(1)
    let [row] = await rowsTo('retry@example.com')
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    })
    // Not due again before its backoff (a minute, then two: doubling).
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
    expect(await worker.runOnce()).toBe(0)
    await dueNow()
    expect(await worker.runOnce()).toBe(1)
    ;[row] = await rowsTo('retry@example.com')
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 110_000)
    await dueNow()
    expect(await worker.runOnce()).toBe(1)
    ;[row] = await rowsTo('retry@example.com')
    expect(row).toMatchObject({ state: 'sent', attempts: 3, lastError: null })
    expect(sent).toEqual([{ ...message('retry@example.com'), messageId: `<outbox-${row!.id}@teplo>` }])
    expect(await worker.runOnce()).toBe(0)
  })

  it('queues nothing when the change it belongs to is rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, 'handover-notice', [message('rolled-back@example.com')])
        throw new Error('the handover failed')
      }),
    ).rejects.toThrow('the handover failed')
    expect(await rowsTo('rolled-back@example.com')).toEqual([])
  })

  it('gives a message up after the last attempt', async () => {
    await enqueueMail(database.db, 'handover-notice', [message('never@example.com')])
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.state, 'pending'))
    const worker = new MailOutboxWorker({
      db: database.db,
      mailer: flakyMailer(1).mailer,
      log: silent,
      retryMs: 1,
    })
    expect(await worker.runOnce()).toBe(1)
    expect((await rowsTo('never@example.com'))[0]).toMatchObject({
      state: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
    })
  })
})

describe('handover notices', () => {
  let app: TestApp
  let dataDir = ''
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teplo-mail-outbox-'))
    app = await build({ DATA_DIR: dataDir })
  })
  afterAll(async () => {
    await app?.closeAll()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('are written with the handover and sent from the outbox', async () => {
    const [admin, , owner] = DEMO_ACCOUNTS
    const token = await loginAs(app, admin!.email, admin!.password)
    const [item] = await app.db.select().from(items).where(eq(items.serialNumber, '100003'))
    const [registered] = await app.db
      .insert(users)
      .values({ name: 'Новий власник', email: 'buyer@outbox.test', passwordHash: 'x' })
      .returning({ id: users.id })
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${item!.id}`,
      headers: bearer(token),
      payload: { user_id: registered!.id },
    })
    expect(res.statusCode).toBe(200)
    const queued = await app.db.select().from(mailOutbox)
    expect(queued.map((row) => [row.kind, row.message.to])).toEqual([['handover-notice', owner!.email]])
    const [file] = await waitForMails(dataDir, 1)
    const mail = await readMail(file!)
    expect(mail.to).toBe(owner!.email)
    expect(mail.subject).toBe('Teplo: котел передано новому власнику')
    await expect.poll(async () => (await app.db.select().from(mailOutbox))[0]?.state).toBe('sent')
  })
})
