import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pushSubscriptions, users } from '../../../src/db/schema.ts'
import { PushDeliveryError } from '../../../src/modules/push/push-sender.ts'
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../../src/modules/push/push-subscriptions.service.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'
import { browserKeys, decryptPush, startPushService, verifyVapid } from '../../support/push-service.ts'

const owner = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

let app: TestApp
let dataDir: string
let service: Awaited<ReturnType<typeof startPushService>>
const tokens = { owner: '', admin: '' }
let ownerId: number

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teplo-push-'))
  service = await startPushService()
  // The test's push service listens on loopback http, allowed only when asked for (ADR 045).
  app = await build({ DATA_DIR: dataDir, SUPPORT_EMAIL: 'alarms@teplo.test', PUSH_ALLOW_LOOPBACK: 'true' })
  tokens.owner = await loginAs(app, owner.email, owner.password)
  tokens.admin = await loginAs(app, admin.email, admin.password)
  ownerId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]!.id
})
afterAll(async () => {
  await app?.closeAll()
  await service?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  await app.db.delete(pushSubscriptions)
  service.received.length = 0
  service.status = 201
})

type Subscription = {
  data: { id: string; attributes: { endpoint: string; failures: number; last_success_at: string | null } }
}
type ErrorDoc = { errors: { status: string; source?: { pointer?: string; parameter?: string } }[] }

function subscriptionFor(name: string, keys = browserKeys()) {
  return { endpoint: `${service.url}/push/${name}`, expirationTime: null, keys: keys.json }
}

const subscribe = (payload: unknown, token: string | null = tokens.owner) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/me/push-subscriptions',
    headers: { ...(token ? bearer(token) : {}), 'user-agent': 'Mozilla/5.0 (Android) Chrome/140' },
    payload: payload as object,
  })
const list = (token: string) =>
  app.inject({ method: 'GET', url: '/api/v2/me/push-subscriptions', headers: bearer(token) })

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, readable by the owner only, and served to signed-in users', async () => {
    const file = path.join(dataDir, 'vapid-keys.json')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
    expect(stored.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/)

    const res = await app.inject({
      method: 'GET',
      url: '/api/v2/push/public-key',
      headers: bearer(tokens.owner),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(res.json().data).toEqual({
      type: 'push-public-keys',
      id: '1',
      attributes: { public_key: stored.publicKey },
    })
    expect((await app.inject({ method: 'GET', url: '/api/v2/push/public-key' })).statusCode).toBe(401)

    // A second server on the same data directory keeps the same pair (subscriptions stay valid).
    const again = await build({ DATA_DIR: dataDir })
    try {
      expect(again.push.publicKey).toBe(stored.publicKey)
    } finally {
      await again.closeAll()
    }
  })

  it('come from the environment when given there, and no file is written', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'teplo-push-env-'))
    const keys = browserKeys()
    const publicKey = keys.ecdh.getPublicKey().toString('base64url')
    // A P-256 private key is 32 bytes; ECDH drops leading zero bytes (1 key in 256), which config rightly refuses.
    const raw = keys.ecdh.getPrivateKey()
    const privateKey = Buffer.concat([Buffer.alloc(32 - raw.length), raw]).toString('base64url')
    const withKeys = await build({
      DATA_DIR: other,
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    })
    try {
      expect(withKeys.push.publicKey).toBe(publicKey)
      expect(fs.existsSync(path.join(other, 'vapid-keys.json'))).toBe(false)
    } finally {
      await withKeys.closeAll()
      fs.rmSync(other, { recursive: true, force: true })
    }
  })
})

describe('/api/v2/me/push-subscriptions', () => {
  it('stores a subscription once per endpoint and lists it to its owner', async () => {
    const subscription = subscriptionFor('a')
    const created = await subscribe(subscription)
    expect(created.statusCode).toBe(201)
    const body = created.json<Subscription>()
    expect(body.data).toMatchObject({
      type: 'push-subscriptions',
      attributes: {
        endpoint: subscription.endpoint,
        user_agent: 'Mozilla/5.0 (Android) Chrome/140',
        failures: 0,
        last_success_at: null,
      },
      links: { self: `/api/v2/me/push-subscriptions/${body.data.id}` },
    })
    const again = await subscribe(subscription)
    expect(again.statusCode).toBe(200)
    expect(again.json<Subscription>().data.id).toBe(body.data.id)
    const listed = await list(tokens.owner)
    expect(listed.statusCode).toBe(200)
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(1)
    expect(await app.db.select().from(pushSubscriptions)).toHaveLength(1)
  })

  it('takes the subscription as a push-subscriptions document too, and refuses a document of another type', async () => {
    const subscription = subscriptionFor('document')
    const wrong = await subscribe({ data: { type: 'users', attributes: subscription } })
    expect(wrong.statusCode).toBe(409)
    const created = await subscribe({ data: { type: 'push-subscriptions', attributes: subscription } })
    expect(created.statusCode).toBe(201)
    expect(created.json<Subscription>().data.attributes.endpoint).toBe(subscription.endpoint)
  })

  it('re-binds an endpoint to whoever subscribes it last', async () => {
    const subscription = subscriptionFor('shared-phone')
    const first = (await subscribe(subscription, tokens.owner)).json<Subscription>().data.id
    const second = await subscribe(subscription, tokens.admin)
    expect(second.statusCode).toBe(200)
    expect(second.json<Subscription>().data.id).toBe(first)
    expect((await list(tokens.owner)).json<{ data: unknown[] }>().data).toEqual([])
    expect((await list(tokens.admin)).json<{ data: unknown[] }>().data).toHaveLength(1)
  })

  it('keeps the newest subscriptions of an account up to the limit', async () => {
    // Rows written directly: the route is rate limited per address.
    const keys = browserKeys().json
    await app.db.insert(pushSubscriptions).values(
      Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER }, (_, i) => ({
        userId: ownerId,
        endpoint: `${service.url}/push/device-${i}`,
        ...keys,
      })),
    )
    expect((await subscribe(subscriptionFor('newest'))).statusCode).toBe(201)
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ownerId))
    const endpoints = rows.map((row) => row.endpoint)
    expect(endpoints).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER)
    expect(endpoints).not.toContain(`${service.url}/push/device-0`)
    expect(endpoints).toContain(`${service.url}/push/device-1`)
    expect(endpoints).toContain(`${service.url}/push/newest`)
  })

  it("lets nobody see or delete another person's subscription", async () => {
    const id = (await subscribe(subscriptionFor('mine'))).json<Subscription>().data.id
    expect((await list(tokens.admin)).json<{ data: unknown[] }>().data).toEqual([])
    const url = `/api/v2/me/push-subscriptions/${id}`
    const foreign = await app.inject({ method: 'DELETE', url, headers: bearer(tokens.admin) })
    expect(foreign.statusCode).toBe(404)
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/v2/me/push-subscriptions/999999',
      headers: bearer(tokens.owner),
    })
    expect(missing.statusCode).toBe(404)
    expect(foreign.json()).toEqual(missing.json())
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/api/v2/me/push-subscriptions' })).statusCode).toBe(401)
    expect((await subscribe(subscriptionFor('anon'), null)).statusCode).toBe(401)
    expect(await app.db.select().from(pushSubscriptions)).toHaveLength(1)

    const own = await app.inject({ method: 'DELETE', url, headers: bearer(tokens.owner) })
    expect(own.statusCode).toBe(204)
    expect((await list(tokens.owner)).json<{ data: unknown[] }>().data).toEqual([])
  })

  it('answers bad subscriptions with 422 and the field, and stores nothing', async () => {
    const good = subscriptionFor('x')
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.com/x' }, '/data/attributes/endpoint'],
      [{ ...good, endpoint: 'https://10.0.0.5/x' }, '/data/attributes/endpoint'],
      [{ ...good, endpoint: 'https://[::1]/x' }, '/data/attributes/endpoint'],
      [{ ...good, endpoint: 'https://intranet/x' }, '/data/attributes/endpoint'],
      [{ ...good, endpoint: 'javascript:alert(1)' }, '/data/attributes/endpoint'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, '/data/attributes/keys/auth'],
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, '/data/attributes/keys/p256dh'],
      [{ endpoint: good.endpoint }, '/data/attributes/keys'],
      [{ ...good, expirationTime: 'soon' }, '/data/attributes/expirationTime'],
    ]
    for (const [payload, pointer] of cases) {
      const res = await subscribe(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(422)
      expect(res.json<ErrorDoc>().errors.map((e) => e.source?.pointer)).toContain(pointer)
    }
    const badId = await app.inject({
      method: 'DELETE',
      url: '/api/v2/me/push-subscriptions/0x1',
      headers: bearer(tokens.owner),
    })
    expect(badId.statusCode).toBe(400)
    expect(badId.json<ErrorDoc>().errors[0]?.source?.parameter).toBe('id')
    expect(await app.db.select().from(pushSubscriptions)).toEqual([])
  })
})

describe('sendPushToUser', () => {
  const payload = {
    title: 'Котел: помилка E1',
    body: 'Перегрів котла. Перевірте насос.',
    url: '/dashboard?item=7',
    tag: 'alarm-7-e1',
  }

  it("sends an encrypted, VAPID-signed message with a TTL and high urgency to each of the user's browsers", async () => {
    const phone = browserKeys()
    const laptop = browserKeys()
    await subscribe(subscriptionFor('phone', phone))
    await subscribe(subscriptionFor('laptop', laptop))
    await subscribe(subscriptionFor('someone-else'), tokens.admin)
    const started = Math.floor(Date.now() / 1000)

    await app.push.sendPushToUser(app.db, ownerId, payload)

    expect(service.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone'])
    for (const request of service.received) {
      const keys = request.path === '/push/phone' ? phone : laptop
      expect(request.headers['content-encoding']).toBe('aes128gcm')
      expect(request.headers.ttl).toBe('86400')
      expect(request.headers.urgency).toBe('high')
      expect(request.headers.topic).toBe('alarm-7-e1')
      const claims = verifyVapid(request.headers.authorization, app.push.publicKey)
      expect(claims.aud).toBe(service.url)
      expect(claims.sub).toBe('mailto:alarms@teplo.test')
      expect(claims.exp).toBeGreaterThan(started)
      expect(request.body.includes(Buffer.from('Котел'))).toBe(false)
      expect(JSON.parse(decryptPush(request.body, keys))).toEqual(payload)
    }
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ownerId))
    expect(rows.every((row) => row.lastSuccessAt !== null && row.failures === 0)).toBe(true)
  })

  it('removes a subscription the push service says is gone (410, 404)', async () => {
    await subscribe(subscriptionFor('gone'))
    service.status = 410
    await app.push.sendPushToUser(app.db, ownerId, payload)
    expect(service.received).toHaveLength(1)
    expect(await app.db.select().from(pushSubscriptions)).toEqual([])

    await subscribe(subscriptionFor('unknown'))
    service.status = 404
    await app.push.sendPushToUser(app.db, ownerId, payload)
    expect(await app.db.select().from(pushSubscriptions)).toEqual([])
  })

  it('throws on a failure that may pass (5xx, 429, unreachable) and counts it, so the caller retries', async () => {
    await subscribe(subscriptionFor('busy'))
    service.status = 500
    await expect(app.push.sendPushToUser(app.db, ownerId, payload)).rejects.toBeInstanceOf(PushDeliveryError)
    service.status = 429
    await expect(app.push.sendPushToUser(app.db, ownerId, payload)).rejects.toBeInstanceOf(PushDeliveryError)
    let [row] = await app.db.select().from(pushSubscriptions)
    expect(row?.failures).toBe(2)

    // A push service that is not listening at all.
    const closed = await startPushService()
    await closed.close()
    await subscribe({ ...subscriptionFor('down'), endpoint: `${closed.url}/push/down` })
    service.status = 201
    await expect(app.push.sendPushToUser(app.db, ownerId, payload)).rejects.toBeInstanceOf(PushDeliveryError)
    ;[row] = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${service.url}/push/busy`))
    // The reachable one arrived this time: its count starts again.
    expect(row?.failures).toBe(0)
    expect(row?.lastSuccessAt).not.toBeNull()
  })

  it('counts a refusal that will not pass (400, 403) without throwing or removing', async () => {
    await subscribe(subscriptionFor('refused'))
    service.status = 403
    await app.push.sendPushToUser(app.db, ownerId, payload)
    const [row] = await app.db.select().from(pushSubscriptions)
    expect(row?.failures).toBe(1)
  })

  it('does nothing for a user without subscriptions', async () => {
    await app.push.sendPushToUser(app.db, ownerId, payload)
    expect(service.received).toEqual([])
  })
})
