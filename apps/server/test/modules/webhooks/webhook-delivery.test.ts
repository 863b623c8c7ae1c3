import { randomUUID } from 'node:crypto'
import { DEMO_ACCOUNTS, type DesiredSettingsMessage, topicFor } from '@teplo/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items, mailOutbox, users, webhookDeliveries, webhooks } from '../../../src/db/schema.ts'
import { device, link, online, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { inbox, publish, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'
import { startWebhookReceiver, verifyTeploSignature } from '../../support/webhook-receiver.ts'

// The receivers listen on 127.0.0.1, which only WEBHOOK_ALLOW_PRIVATE lets the server call; retries after 0.2 s
// (doubling), and a webhook failing three times in a row is turned off.
useDeviceLinkApp({
  ALARM_CLEAR_SECONDS: '1',
  ALARM_CHECK_SECONDS: '3600',
  NOTIFY_RETRY_SECONDS: '3600',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SECONDS: '0.2',
  WEBHOOK_MAX_FAILURES: '3',
})

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const plainUser = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let eventSeq = 0

beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver?.stop()
})

async function subscribe(url: string, itemId: number, events = ['alarm.raised']) {
  const res = await link.app.inject({
    method: 'POST',
    url: '/api/v2/me/webhooks',
    headers: bearer(link.adminToken),
    payload: { url, events, item_ids: [itemId] },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { id, attributes } = res.json<{ data: { id: string; attributes: { secret: string } } }>().data
  return { id: Number(id), secret: attributes.secret }
}

/** A controller reports an error (the device link stores it, the alarm engine raises `device_error`). */
async function controllerError(dev: { serial: string; password: string }) {
  const client = await online(dev)
  await publish(client, dev.serial, 'events/error', {
    event_id: `webhook-${++eventSeq}`,
    code: 'E1',
    ts: new Date().toISOString(),
    mode_status: 1,
    heater_temp: 60,
    boiler_temp: 50,
    gas_temp: 150,
    burner_power: 0,
    work_mode: 1,
  })
  return client
}

const deliveriesOf = (webhookId: number) =>
  link.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId))

describe('webhook deliveries', () => {
  it("a receiver on loopback gets a signed alarm.raised within 5 s of the controller's error", async () => {
    const dev = await device()
    const hook = await subscribe(receiver.url('/teplo'), dev.itemId)
    receiver.received.length = 0
    const started = Date.now()
    await controllerError(dev)
    const got = await waitFor(
      () => receiver.received.find((r) => r.json.type === 'alarm.raised'),
      5000,
      'alarm.raised at the receiver',
    )
    expect(Date.now() - started).toBeLessThan(5000)
    expect(verifyTeploSignature(hook.secret, String(got.headers['teplo-signature']), got.body)).toBe(true)
    // Another secret, or a body changed on the way, does not verify.
    expect(verifyTeploSignature(`${hook.secret}x`, String(got.headers['teplo-signature']), got.body)).toBe(
      false,
    )
    expect(verifyTeploSignature(hook.secret, String(got.headers['teplo-signature']), `${got.body} `)).toBe(
      false,
    )
    expect(got.headers['content-type']).toBe('application/json')
    expect(got.headers['teplo-webhook-id']).toBe(got.json.id)
    expect(got.json).toMatchObject({
      type: 'alarm.raised',
      data: {
        item: { id: dev.itemId, serial_number: dev.serial },
        alarm: { kind: 'device_error', code: 'E1' },
      },
    })
    const [row] = await waitFor(async () => {
      const rows = await deliveriesOf(hook.id)
      return rows[0]?.state === 'delivered' ? rows : undefined
    })
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 })
  }, 20_000)

  it('retries after the receiver was down and delivers the same event once it is back', async () => {
    const down = await startWebhookReceiver()
    const port = down.port
    await down.stop()
    const dev = await device()
    const hook = await subscribe(`http://127.0.0.1:${port}/hooks`, dev.itemId)
    await controllerError(dev)
    // Refused while nothing listens: the delivery stays pending with the error and a next attempt.
    const failed = await waitFor(
      async () => (await deliveriesOf(hook.id)).find((d) => d.attempts >= 1 && d.lastError),
      5000,
      'a failed attempt',
    )
    expect(failed.state).toBe('pending')
    expect(failed.lastError).toBe('ECONNREFUSED')
    const back = await startWebhookReceiver(port)
    try {
      const got = await waitFor(() => back.received[0], 10_000, 'the retried delivery')
      expect(got.json.id).toBe(failed.eventId)
      expect(verifyTeploSignature(hook.secret, String(got.headers['teplo-signature']), got.body)).toBe(true)
      const [row] = await waitFor(async () => {
        const rows = await deliveriesOf(hook.id)
        return rows[0]?.state === 'delivered' ? rows : undefined
      })
      expect(row!.attempts).toBeGreaterThanOrEqual(2)
      expect(row!.body).toBe(got.body)
      const [webhook] = await link.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id))
      expect(webhook).toMatchObject({ enabled: true, failures: 0 })
    } finally {
      await back.stop()
    }
  }, 30_000)

  it('is turned off after repeated failure, and its owner is told by e-mail', async () => {
    receiver.status = 500
    try {
      const dev = await device()
      const hook = await subscribe(receiver.url('/broken'), dev.itemId, ['alarm.raised', 'device.offline'])
      const client = await controllerError(dev)
      const webhook = await waitFor(
        async () => {
          const [row] = await link.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id))
          return row?.enabled === false ? row : undefined
        },
        15_000,
        'the webhook turned off',
      )
      expect(webhook.failures).toBe(3)
      const [delivery] = await deliveriesOf(hook.id)
      expect(delivery).toMatchObject({ state: 'failed', attempts: 3, lastStatus: 500, lastError: 'HTTP 500' })
      const mails = await link.app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'webhook-disabled')))
      const mail = mails.find((m) => m.message.text.includes('/broken'))
      expect(mail?.message.to).toBe(admin.email)
      expect(mail?.message.subject).toBe('Teplo: вебхук вимкнено')
      // The owner reads why, in the request's language.
      const read = await link.app.inject({
        method: 'GET',
        url: `/api/v2/me/webhooks/${hook.id}`,
        headers: { ...bearer(link.adminToken), 'accept-language': 'en' },
      })
      expect(read.json().data.attributes).toMatchObject({ enabled: false })
      expect(read.json().data.attributes.disabled_reason).toMatch(
        /^Turned off by the server: 3 failed attempts/,
      )
      // Turned off, it is sent nothing more: the device's goodbye is not queued.
      await publish(client, dev.serial, 'status', { state: 'offline', ts: new Date().toISOString() })
      await link.app.deviceLink!.settle()
      await link.app.webhooks.settled()
      expect(await deliveriesOf(hook.id)).toHaveLength(1)
    } finally {
      receiver.status = 200
    }
  }, 30_000)

  it('device.online after the first message, device.offline on the goodbye', async () => {
    const dev = await device()
    const hook = await subscribe(receiver.url('/presence'), dev.itemId, ['device.online', 'device.offline'])
    receiver.received.length = 0
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 1 }))
    await link.app.deviceLink!.settle()
    // A first reading of a freshly verified device: it was 'connecting', so it came online.
    await waitFor(() => receiver.received.find((r) => r.json.type === 'device.online'), 5000, 'device.online')
    await publish(client, dev.serial, 'status', { state: 'offline', ts: new Date().toISOString() })
    await waitFor(
      () => receiver.received.find((r) => r.json.type === 'device.offline'),
      5000,
      'device.offline',
    )
    const types = receiver.received.map((r) => r.json.type)
    expect(types).toEqual(['device.online', 'device.offline'])
    // Recorded once the receiver's answer is in.
    await waitFor(async () => (await deliveriesOf(hook.id)).every((d) => d.state === 'delivered'))
    expect(await deliveriesOf(hook.id)).toHaveLength(2)
  }, 20_000)

  it("settings.applied and settings.refused from the controller's acknowledgements, the reason in the owner's words", async () => {
    const dev = await device()
    const hook = await subscribe(receiver.url('/settings'), dev.itemId, [
      'settings.applied',
      'settings.refused',
    ])
    receiver.received.length = 0
    const client = await online(dev)
    const desired = inbox(client, topicFor(dev.serial, 'settings/desired')) as DesiredSettingsMessage[]
    await client.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    const v1 = await waitFor(() => desired.find((m) => m.version === 1), 5000, 'version 1')
    await publish(client, dev.serial, 'settings/ack', {
      version: 1,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: v1.settings,
      applied_version: 1,
    })
    const applied = await waitFor(() => receiver.received.find((r) => r.json.type === 'settings.applied'))
    expect(applied.json.data).toMatchObject({
      item: { id: dev.itemId },
      settings: { version: 1, reason: null },
    })
    const patched = await link.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
      payload: { heater_temp_set: 77 },
    })
    expect(patched.statusCode).toBe(200)
    const v2 = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: { ...v2.settings, heater_temp_set: 70 },
      applied_version: 2,
    })
    const refused = await waitFor(() => receiver.received.find((r) => r.json.type === 'settings.refused'))
    // The administrator's account is Ukrainian: the stored reason is rendered in it.
    expect(refused.json.data).toMatchObject({
      settings: { version: 2, reason: 'heater_temp_set: застосовано 70 замість 77' },
    })
    await waitFor(async () => (await deliveriesOf(hook.id)).every((d) => d.state === 'delivered'))
  }, 20_000)

  it('a test event is tried once; a redirect is an answer, not followed', async () => {
    const dev = await device()
    const hook = await subscribe(receiver.url('/moved'), dev.itemId)
    receiver.received.length = 0
    receiver.status = 302
    try {
      const res = await link.app.inject({
        method: 'POST',
        url: `/api/v2/me/webhooks/${hook.id}/test`,
        headers: bearer(link.adminToken),
      })
      expect(res.statusCode).toBe(202)
      const [row] = await waitFor(async () => {
        const rows = await deliveriesOf(hook.id)
        return rows[0]?.state === 'failed' ? rows : undefined
      })
      expect(row).toMatchObject({
        attempts: 1,
        lastStatus: 302,
        lastError: 'HTTP 302 (redirects are not followed)',
      })
      expect(receiver.received).toHaveLength(1)
      expect(receiver.received[0]!.json).toMatchObject({ type: 'webhook.test', data: { item: null } })
      // Not counted against the webhook.
      const [webhook] = await link.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id))
      expect(webhook).toMatchObject({ enabled: true, failures: 0 })
    } finally {
      receiver.status = 200
    }
  })

  it('sends nothing about a device the account no longer sees (access is checked again before sending)', async () => {
    const dev = await device()
    const hook = await subscribe(receiver.url('/sold'), dev.itemId)
    receiver.received.length = 0
    // The boiler changed hands after the event was queued: the webhook's account is no longer its owner.
    const [plain] = await link.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, plainUser.email))
    await link.app.db.update(items).set({ userId: plain!.id }).where(eq(items.id, dev.itemId))
    await link.app.db.insert(webhookDeliveries).values({
      webhookId: hook.id,
      eventId: randomUUID(),
      eventType: 'alarm.raised',
      itemId: dev.itemId,
      body: '{}',
    })
    await link.app.webhooks.worker.runOnce()
    await link.app.webhooks.worker.idle()
    const [row] = await deliveriesOf(hook.id)
    expect(row).toMatchObject({ state: 'skipped', lastError: 'the account no longer sees the device' })
    expect(receiver.received).toHaveLength(0)
  })
})
