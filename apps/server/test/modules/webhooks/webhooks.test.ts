import { DEMO_ACCOUNTS, WEBHOOKS_PER_ACCOUNT } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import type { DatabaseHandle } from '../../../src/db/client.ts'
import { itemShares, items, users, webhookDeliveries, webhooks } from '../../../src/db/schema.ts'
import type { Resolver } from '../../../src/lib/public-address.ts'
import { bearer, errorsOf, loginAs, openTestDatabase, testConfig } from '../../support/helper.ts'
import { startWebhookReceiver } from '../../support/webhook-receiver.ts'

const owner = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

// Host names resolve through this stub (no network): one public, one that points into the local network.
const resolver: Resolver = async (hostname) => {
  if (hostname === 'hooks.example.com') return [{ address: '93.184.216.34', family: 4 }]
  if (hostname === 'rebind.example.com') return [{ address: '10.0.0.7', family: 4 }]
  if (hostname === 'loopback.example.com') return [{ address: '127.0.0.1', family: 4 }]
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
}

let app: Awaited<ReturnType<typeof buildApp>>
let database: DatabaseHandle
const tokens = { owner: '', admin: '' }
let ownItemId: number
let otherItemId: number

beforeAll(async () => {
  database = await openTestDatabase()
  // WEBHOOK_ALLOW_PRIVATE is off: only public https addresses.
  app = await buildApp({
    config: testConfig({ WEBHOOK_RETRY_SECONDS: '3600' }),
    database,
    webhookResolver: resolver,
  })
  await app.ready()
  tokens.owner = await loginAs(app, owner.email, owner.password)
  tokens.admin = await loginAs(app, admin.email, admin.password)
  const [me] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
  const all = await app.db.select({ id: items.id, userId: items.userId }).from(items)
  const shared = new Set(
    (await app.db.select().from(itemShares).where(eq(itemShares.userId, me!.id))).map((s) => s.itemId),
  )
  ownItemId = all.find((item) => item.userId === me!.id)!.id
  otherItemId = all.find((item) => item.userId !== me!.id && !shared.has(item.id))!.id
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const create = (payload: unknown, token = tokens.owner) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/me/webhooks',
    headers: bearer(token),
    payload: payload as object,
  })

describe('webhooks API', () => {
  it('answers the secret once: on creation, never on reading', async () => {
    const res = await create({
      url: 'https://hooks.example.com/teplo',
      events: ['alarm.raised', 'alarm.raised'],
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json().data
    expect(created.attributes.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(created.attributes).toMatchObject({ events: ['alarm.raised'], item_ids: null, enabled: true })
    const read = await app.inject({
      method: 'GET',
      url: `/api/v2/me/webhooks/${created.id}`,
      headers: bearer(tokens.owner),
    })
    expect(read.statusCode).toBe(200)
    expect(read.json().data.attributes.secret).toBeUndefined()
    const list = await app.inject({
      method: 'GET',
      url: '/api/v2/me/webhooks',
      headers: bearer(tokens.owner),
    })
    expect(list.json().data.map((w: { id: string }) => w.id)).toContain(created.id)
    expect(JSON.stringify(list.json())).not.toContain(created.attributes.secret)
  })

  it('refuses private and local addresses when WEBHOOK_ALLOW_PRIVATE is off (422 on url)', async () => {
    for (const url of [
      'http://hooks.example.com/plain-http',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
      'https://printer.local/hook',
      'https://localhost/hook',
      'https://rebind.example.com/hook',
    ]) {
      const res = await create({ url, events: ['alarm.raised'] })
      expect(res.statusCode, url).toBe(422)
      expect(errorsOf(res)[0]?.source?.pointer, url).toBe('/data/attributes/url')
    }
  })

  it('refuses at delivery a name that resolves into the local network now', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const res = await create({ url: 'https://loopback.example.com/hook', events: ['alarm.raised'] })
      // Refused at creation: it resolves to 127.0.0.1 now.
      expect(res.statusCode).toBe(422)
      // A name that pointed elsewhere at creation and at loopback now: the socket's lookup refuses it.
      const ok = await create({ url: 'https://hooks.example.com/rebinding', events: ['alarm.raised'] })
      const id = ok.json().data.id
      await app.db
        .update(webhooks)
        .set({ url: `https://loopback.example.com:${receiver.port}/hook` })
        .where(eq(webhooks.id, Number(id)))
      const test = await app.inject({
        method: 'POST',
        url: `/api/v2/me/webhooks/${id}/test`,
        headers: bearer(tokens.owner),
      })
      expect(test.statusCode).toBe(202)
      await app.webhooks.worker.idle()
      await app.webhooks.worker.runOnce()
      const [row] = await app.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, Number(test.json().data.id)))
      expect(row).toMatchObject({ state: 'failed', lastError: 'address not public', lastStatus: null })
      expect(receiver.received).toHaveLength(0)
    } finally {
      await receiver.stop()
    }
  })

  it('422 for bad events and devices the account does not see; 404 for another account’s webhook', async () => {
    const noEvents = await create({ url: 'https://hooks.example.com/a', events: [] })
    expect(noEvents.statusCode).toBe(422)
    expect(errorsOf(noEvents)[0]?.source?.pointer).toBe('/data/attributes/events')
    const unknown = await create({ url: 'https://hooks.example.com/a', events: ['boiler.exploded'] })
    expect(unknown.statusCode).toBe(422)
    expect(errorsOf(unknown)[0]?.source?.pointer).toMatch(/^\/data\/attributes\/events/)
    // Another account's device, or none at all: the same refusal (nothing said about which exists).
    for (const other of [otherItemId, 2_000_000_000]) {
      const foreign = await create({
        url: 'https://hooks.example.com/a',
        events: ['alarm.raised'],
        item_ids: [ownItemId, other],
      })
      expect(foreign.statusCode).toBe(422)
      expect(errorsOf(foreign)[0]?.source?.pointer).toBe('/data/attributes/item_ids/1')
    }
    const mine = await create({
      url: 'https://hooks.example.com/mine',
      events: ['device.offline'],
      item_ids: [ownItemId],
    })
    expect(mine.statusCode).toBe(201)
    expect(mine.json().data.attributes.item_ids).toEqual([ownItemId])
    const id = mine.json().data.id
    for (const [method, url] of [
      ['GET', `/api/v2/me/webhooks/${id}`],
      ['PATCH', `/api/v2/me/webhooks/${id}`],
      ['DELETE', `/api/v2/me/webhooks/${id}`],
      ['GET', `/api/v2/me/webhooks/${id}/deliveries`],
      ['POST', `/api/v2/me/webhooks/${id}/test`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: bearer(tokens.admin),
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/v2/me/webhooks' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('keeps at most WEBHOOKS_PER_ACCOUNT webhooks per account (409 beyond)', async () => {
    const [me] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))
    await app.db.delete(webhooks).where(eq(webhooks.userId, me!.id))
    // Written directly: creating them through the API would spend the call's rate limit (30 a minute).
    await app.db.insert(webhooks).values(
      Array.from({ length: WEBHOOKS_PER_ACCOUNT }, (_, i) => ({
        userId: me!.id,
        url: `https://hooks.example.com/${i}`,
        events: ['alarm.raised'],
        secret: `whsec_${i}`,
      })),
    )
    const over = await create(
      { url: 'https://hooks.example.com/over', events: ['alarm.raised'] },
      tokens.admin,
    )
    expect(over.statusCode).toBe(409)
    await app.db.delete(webhooks).where(eq(webhooks.userId, me!.id))
  })

  it('turns off and on, lists its deliveries newest first, and is deleted with them', async () => {
    const created = await create({ url: 'https://hooks.example.com/cycle', events: ['alarm.cleared'] })
    const id = created.json().data.id
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/v2/me/webhooks/${id}`,
      headers: bearer(tokens.owner),
      payload: { enabled: false, events: ['alarm.cleared', 'settings.refused'] },
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().data.attributes).toMatchObject({
      enabled: false,
      events: ['alarm.cleared', 'settings.refused'],
    })
    const badUrl = await app.inject({
      method: 'PATCH',
      url: `/api/v2/me/webhooks/${id}`,
      headers: bearer(tokens.owner),
      payload: { url: 'https://192.168.1.10/x' },
    })
    expect(badUrl.statusCode).toBe(422)
    for (let i = 0; i < 2; i++) {
      const test = await app.inject({
        method: 'POST',
        url: `/api/v2/me/webhooks/${id}/test`,
        headers: bearer(tokens.owner),
      })
      expect(test.statusCode).toBe(202)
      expect(test.json().data.attributes).toMatchObject({ event_type: 'webhook.test', state: 'pending' })
    }
    const page = await app.inject({
      method: 'GET',
      url: `/api/v2/me/webhooks/${id}/deliveries?page[size]=1`,
      headers: bearer(tokens.owner),
    })
    expect(page.statusCode).toBe(200)
    expect(page.json().data).toHaveLength(1)
    expect(page.json().meta.page.total).toBe(2)
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v2/me/webhooks/${id}`,
      headers: bearer(tokens.owner),
    })
    expect(removed.statusCode).toBe(204)
    const left = await app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, Number(id)))
    expect(left).toHaveLength(0)
  })
})
