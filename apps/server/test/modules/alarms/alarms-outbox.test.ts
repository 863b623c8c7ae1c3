import type { AddressInfo } from 'node:net'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { and, eq, isNull } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import type { DatabaseHandle } from '../../../src/db/client.ts'
import {
  alarms,
  items,
  notificationOutbox,
  notifications,
  pushSubscriptions,
  userNotificationSettings,
  users,
} from '../../../src/db/schema.ts'
import { raiseAlarms } from '../../../src/modules/alarms/alarm-store.ts'
import { MAX_ATTEMPTS, retryDelayMs } from '../../../src/modules/alarms/outbox.ts'
import { deliveriesOf } from '../../support/alarms-support.ts'
import { waitFor } from '../../support/device-support.ts'
import { openTestDatabase, testConfig } from '../../support/helper.ts'
import { browserKeys, decryptPush, startPushService } from '../../support/push-service.ts'

type Received = { to: string[]; raw: string }

/** A real SMTP server on a fixed port that the test stops and starts (an outage). */
class TestSmtp {
  readonly received: Received[] = []
  private server: SMTPServer | null = null
  port = 0

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

const smtp = new TestSmtp()
let database: DatabaseHandle
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

/** One server instance on the file's database, mailing through the test's SMTP server. */
async function instance() {
  const app = await buildApp({
    config: testConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APP_URL: 'https://teplo.example',
      ALARM_CHECK_SECONDS: '3600',
      NOTIFY_RETRY_SECONDS: '0.2',
      // The push deliveries go to the test's own push service on loopback http (ADR 045: never by default).
      PUSH_ALLOW_LOOPBACK: 'true',
    }),
    database,
  })
  await app.ready()
  return app
}

async function adminDevice(app: Awaited<ReturnType<typeof instance>>) {
  const [owner] = await app.db.select().from(users).where(eq(users.email, admin.email))
  const [item] = await app.db.select().from(items).where(eq(items.userId, owner!.id)).limit(1)
  return { owner: owner!, item: item! }
}

beforeAll(async () => {
  database = await openTestDatabase()
  await smtp.start()
})

afterAll(async () => {
  await smtp.stop()
  await database?.close()
})

const mailsFor = (alarmId: number) => smtp.received.filter((m) => m.raw.includes(`alarm-${alarmId}-user-`))

describe('e-mail through the outbox', () => {
  it('waits out an SMTP outage with backoff and then sends once, in Ukrainian, with an unsubscribe link', async () => {
    const app = await instance()
    try {
      const { item } = await adminDevice(app)
      await smtp.stop()
      const { raised } = await raiseAlarms(app.db, [{ itemId: item.id, kind: 'device_error', code: 'E1' }])
      const alarmId = raised[0]!.id
      await app.alarms.outbox.runOnce()
      let [email] = await deliveriesOf(app as never, alarmId, 'email')
      expect(email).toMatchObject({ state: 'pending', attempts: 1 })
      expect(email!.lastError).toBeTruthy()
      expect(email!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())

      await smtp.start()
      await waitFor(
        async () => (await deliveriesOf(app as never, alarmId, 'email'))[0]?.state === 'sent',
        10_000,
        'the e-mail sent',
      )
      ;[email] = await deliveriesOf(app as never, alarmId, 'email')
      expect(email!.attempts).toBeGreaterThanOrEqual(2)
      // More rounds send nothing again.
      await app.alarms.outbox.runOnce()
      await app.alarms.outbox.runOnce()
      const mails = mailsFor(alarmId)
      expect(mails).toHaveLength(1)
      const mail = mails[0]!
      expect(mail.to).toEqual([admin.email])
      const text = decodeMail(mail.raw)
      expect(text).toContain(item.name)
      expect(text).toContain('Пальник не розпалився')
      expect(text).toContain('Перевірте, чи є пелети в бункері')
      expect(text).toContain(`https://teplo.example/dashboards?device=${item.id}`)
      const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ')
      expect(headers).toMatch(
        /^List-Unsubscribe: <https:\/\/teplo\.example\/api\/v2\/notifications\/unsubscribe\?token=/m,
      )
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)

      // The link works without signing in and turns e-mail off; a forged one does nothing.
      const token = /unsubscribe\?token=([^>\s]+)/.exec(headers)![1]!
      const forged = await app.inject({
        method: 'GET',
        url: `/api/v2/notifications/unsubscribe?token=${token.slice(0, -2)}xx`,
        headers: { accept: 'text/html,application/xhtml+xml' },
      })
      expect(forged.statusCode).toBe(400)
      expect(forged.headers['content-type']).toContain('text/html')
      // A client that is not a browser gets the refusal as a JSON:API error naming the token.
      const forgedByApi = await app.inject({
        method: 'POST',
        url: `/api/v2/notifications/unsubscribe?token=${token.slice(0, -2)}xx`,
      })
      expect(forgedByApi.statusCode).toBe(400)
      expect(forgedByApi.json().errors[0].source).toEqual({ parameter: 'token' })
      const done = await app.inject({
        method: 'GET',
        url: `/api/v2/notifications/unsubscribe?token=${token}`,
      })
      expect(done.statusCode).toBe(200)
      expect(done.headers['content-type']).toContain('text/html')
      expect(done.body).toContain('Ви відписалися')
      const [owner] = await app.db.select().from(users).where(eq(users.email, admin.email))
      const [settings] = await app.db
        .select()
        .from(userNotificationSettings)
        .where(eq(userNotificationSettings.userId, owner!.id))
      expect(settings!.email).toBe(false)
      const next = await raiseAlarms(app.db, [
        { itemId: item.id, kind: 'overheat', value: 95, threshold: 90 },
      ])
      expect((await deliveriesOf(app as never, next.raised[0]!.id)).map((d) => d.channel)).toEqual(['push'])
      await app.db
        .update(userNotificationSettings)
        .set({ email: true })
        .where(eq(userNotificationSettings.userId, owner!.id))
    } finally {
      await app.close()
    }
  })

  it('keeps a delivery across a server restart and sends it once from the next instance', async () => {
    await smtp.stop()
    const first = await instance()
    const { item } = await adminDevice(first)
    const { raised } = await raiseAlarms(first.db, [
      { itemId: item.id, kind: 'frost', value: 3, threshold: 5 },
    ])
    const alarmId = raised[0]!.id
    await first.alarms.outbox.runOnce()
    expect((await deliveriesOf(first as never, alarmId, 'email'))[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
    })
    await first.close()

    await smtp.start()
    const second = await instance()
    try {
      await waitFor(
        async () => (await deliveriesOf(second as never, alarmId, 'email'))[0]?.state === 'sent',
        10_000,
        'the e-mail sent after the restart',
      )
      await second.alarms.outbox.runOnce()
      expect(mailsFor(alarmId)).toHaveLength(1)
      expect(decodeMail(mailsFor(alarmId)[0]!.raw)).toContain('нижча за поріг 5 °C')
    } finally {
      await second.close()
    }
  })

  it('two instances draining one outbox send each delivery once', async () => {
    const a = await instance()
    const b = await instance()
    try {
      const { item } = await adminDevice(a)
      const ids: number[] = []
      for (const code of ['E4', 'E5', 'E6', 'E7', 'E8']) {
        const { raised } = await raiseAlarms(a.db, [{ itemId: item.id, kind: 'device_error', code }])
        ids.push(raised[0]!.id)
      }
      await Promise.all([a.alarms.outbox.runOnce(), b.alarms.outbox.runOnce(), a.alarms.outbox.runOnce()])
      await waitFor(
        async () => {
          const rows = await a.db.select().from(notificationOutbox)
          return rows
            .filter((r) => ids.includes(r.alarmId) && r.channel === 'email')
            .every((r) => r.state === 'sent')
        },
        10_000,
        'every e-mail sent',
      )
      for (const id of ids) expect(mailsFor(id)).toHaveLength(1)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('two instances raising the same condition at once open one alarm and notify once', async () => {
    const a = await instance()
    const b = await instance()
    try {
      const { item } = await adminDevice(a)
      const candidate = { itemId: item.id, kind: 'fire_out' as const, value: 40 }
      const outcomes = await Promise.all([
        raiseAlarms(a.db, [candidate]),
        raiseAlarms(b.db, [candidate]),
        raiseAlarms(a.db, [candidate]),
      ])
      expect(outcomes.flatMap((o) => o.raised)).toHaveLength(1)
      const open = await a.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.itemId, item.id), eq(alarms.kind, 'fire_out'), isNull(alarms.clearedAt)))
      expect(open).toHaveLength(1)
      expect(open[0]!.repeats).toBe(2)
      expect(
        await a.db.select().from(notifications).where(eq(notifications.alarmId, open[0]!.id)),
      ).toHaveLength(1)
      expect(await deliveriesOf(a, open[0]!.id, 'email')).toHaveLength(1)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('backs off exponentially up to an hour and gives up only after many attempts', () => {
    expect(retryDelayMs(30_000, 1)).toBe(30_000)
    expect(retryDelayMs(30_000, 2)).toBe(60_000)
    expect(retryDelayMs(30_000, 30)).toBe(3_600_000)
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(48)
  })
})

describe('web push through the outbox', () => {
  it("sends an alarm to the account's browsers, retries while the push service fails, and skips without one", async () => {
    const app = await instance()
    const service = await startPushService()
    try {
      const { owner, item } = await adminDevice(app)
      // Without a subscribed browser the push delivery is skipped, not counted as sent.
      const before = await raiseAlarms(app.db, [
        { itemId: item.id, kind: 'fuel_low', value: 2, threshold: 3 },
      ])
      await app.alarms.outbox.runOnce()
      expect((await deliveriesOf(app as never, before.raised[0]!.id, 'push'))[0]).toMatchObject({
        state: 'skipped',
      })

      // A browser subscribed (written directly: the route accepts only https push services on the internet).
      const keys = browserKeys()
      await app.db.insert(pushSubscriptions).values({
        userId: owner.id,
        endpoint: `${service.url}/push/1`,
        p256dh: keys.json.p256dh,
        auth: keys.json.auth,
      })
      service.status = 503
      const { raised } = await raiseAlarms(app.db, [{ itemId: item.id, kind: 'device_error', code: 'E9' }])
      const alarmId = raised[0]!.id
      await app.alarms.outbox.runOnce()
      const [waiting] = await deliveriesOf(app as never, alarmId, 'push')
      expect(waiting).toMatchObject({ state: 'pending', attempts: 1 })
      expect(service.received).toHaveLength(1)

      service.status = 201
      await waitFor(
        async () => (await deliveriesOf(app as never, alarmId, 'push'))[0]?.state === 'sent',
        10_000,
        'the push sent',
      )
      await app.alarms.outbox.runOnce()
      expect(service.received).toHaveLength(2)
      const message = JSON.parse(decryptPush(service.received[1]!.body, keys)) as Record<string, string>
      expect(message.title).toContain(item.name)
      expect(message.url).toBe(`/dashboards?device=${item.id}`)
      expect(message.tag).toBe(`alarm-${alarmId}`)
    } finally {
      await service.close()
      await app.db.delete(pushSubscriptions)
      await app.close()
    }
  })
})

describe("the recipient's language", () => {
  it('writes the e-mail, the push and the unsubscribe page in English to an English account, and in Ukrainian to a Ukrainian one', async () => {
    const app = await instance()
    const service = await startPushService()
    try {
      const { owner, item } = await adminDevice(app)
      const keys = browserKeys()
      await app.db.insert(pushSubscriptions).values({
        userId: owner.id,
        endpoint: `${service.url}/push/language`,
        p256dh: keys.json.p256dh,
        auth: keys.json.auth,
      })
      const pushes = () =>
        service.received.map((push) => JSON.parse(decryptPush(push.body, keys)) as Record<string, string>)
      const deliver = async (code: string) => {
        const { raised } = await raiseAlarms(app.db, [{ itemId: item.id, kind: 'device_error', code }])
        const alarmId = raised[0]!.id
        await app.alarms.outbox.runOnce()
        await waitFor(
          async () => (await deliveriesOf(app as never, alarmId)).every((d) => d.state === 'sent'),
          10_000,
          'both channels sent',
        )
        const [mail] = mailsFor(alarmId)
        const headers = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ')
        return {
          text: decodeMail(mail!.raw),
          headers,
          push: pushes().find((p) => p.tag === `alarm-${alarmId}`)!,
        }
      }

      await app.db.update(users).set({ language: 'en' }).where(eq(users.id, owner.id))
      const english = await deliver('E2')
      expect(english.text).toContain(`Hello, ${owner.name}!`)
      expect(english.text).toContain(`Boiler “${item.name}”: Boiler error E2.`)
      expect(english.text).toContain('(Kyiv time)')
      expect(english.text).toContain('What happened: The burner went out while working')
      expect(english.text).toContain('What to do: Check the pellet supply and feed')
      expect(english.text).toContain("Don't want these e-mails? Unsubscribe with one click:")
      expect(english.text).not.toContain('Вітаємо')
      expect(english.push).toMatchObject({
        title: `${item.name}: Boiler error E2`,
        body: expect.stringMatching(/^The burner went out while working/),
      })

      // The one-click page answers in the account's language; a bad link, in the browser's.
      const token = /unsubscribe\?token=([^>\s]+)/.exec(english.headers)![1]!
      const done = await app.inject({
        method: 'GET',
        url: `/api/v2/notifications/unsubscribe?token=${token}`,
      })
      expect(done.statusCode).toBe(200)
      expect(done.body).toContain('<html lang="en">')
      expect(done.body).toContain('You have unsubscribed from the e-mails')
      const badLink = (acceptLanguage?: string) =>
        app.inject({
          method: 'GET',
          url: `/api/v2/notifications/unsubscribe?token=${token.slice(0, -2)}xx`,
          headers: { accept: 'text/html', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
        })
      expect((await badLink('en-GB,en;q=0.9,uk;q=0.5')).body).toContain('The link is not valid')
      expect((await badLink('uk,en;q=0.5')).body).toContain('Посилання недійсне')
      expect((await badLink()).body).toContain('Посилання недійсне')
      await app.db
        .update(userNotificationSettings)
        .set({ email: true })
        .where(eq(userNotificationSettings.userId, owner.id))

      await app.db.update(users).set({ language: 'uk' }).where(eq(users.id, owner.id))
      const ukrainian = await deliver('E3')
      expect(ukrainian.text).toContain(`Вітаємо, ${owner.name}!`)
      expect(ukrainian.text).toContain(`Котел «${item.name}»: Помилка котла E3.`)
      expect(ukrainian.text).toContain('(за київським часом)')
      expect(ukrainian.text).toContain(
        'Що сталося: Теплоносій перегрівся: датчик показує понад 90 °C (аварійна температура).',
      )
      expect(ukrainian.text).toContain('Не хочете отримувати такі листи? Відпишіться одним кліком:')
      expect(ukrainian.push).toMatchObject({
        title: `${item.name}: Помилка котла E3`,
        body: 'Теплоносій перегрівся: датчик показує понад 90 °C (аварійна температура).',
      })
    } finally {
      await service.close()
      await app.db.update(users).set({ language: 'uk' })
      await app.db.update(userNotificationSettings).set({ email: true })
      await app.db.delete(pushSubscriptions)
      await app.close()
    }
  })
})

/** The text part of a raw message (quoted-printable or base64, as nodemailer chose). */
function decodeMail(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4)
  if (/Content-Transfer-Encoding: base64/i.test(raw))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(raw)) {
    const joined = body.replace(/=\r?\n/g, '')
    return Buffer.from(
      joined.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  }
  return body
}
