import type { AddressInfo } from 'node:net'
import { DEMO_ACCOUNTS, msg } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { items, liveTickets } from '../../../src/db/schema.ts'
import { connectDevice, provisionDevice, publish, telemetry, waitFor } from '../../support/device-support.ts'
import { readEvents } from '../../support/event-stream-reader.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const owner = DEMO_ACCOUNTS.find((a) => a.role === 'user')!

type SseEvent = { event: string; data: string; at: number }

let app: TestApp
let baseUrl: string
let adminToken: string
let userToken: string

beforeAll(async () => {
  app = await build({ MQTT_ENABLED: 'true', MQTT_HOST: '127.0.0.1', MQTT_PORT: '0' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  adminToken = await loginAs(app, admin.email, admin.password)
  userToken = await loginAs(app, owner.email, owner.password)
})

const openStreams: { close: () => Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(openStreams.splice(0).map((stream) => stream.close()))
})

afterAll(async () => {
  await app?.closeAll()
})

/** Opens an event stream with fetch and collects its events as they arrive. */
async function openStream(path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal })
  const events: SseEvent[] = []
  let ended = false
  const reading = (async () => {
    await readEvents(res, (event) => events.push({ ...event, at: Date.now() }))
    ended = true
  })()
  const stream = {
    res,
    events,
    ended: () => ended,
    items: () => events.filter((e) => e.event === 'item').map((e) => JSON.parse(e.data)),
    close: async () => {
      controller.abort()
      await reading
    },
  }
  openStreams.push(stream)
  return stream
}

describe('POST /api/v2/device-auth/*', () => {
  it('is gone: the broker HTTP auth hook was removed (ADR 014)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/device-auth/user',
      payload: { username: '100001', password: 'x' },
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /api/v2/live', () => {
  it('requires a signed-in caller', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/live?item_id=1' })
    expect(res.statusCode).toBe(401)
    const wrong = await app.inject({ method: 'GET', url: '/api/v2/live?item_id=1&ticket=nope' })
    expect(wrong.statusCode).toBe(401)
  })

  it('refuses a bearer token in the URL, even a valid one, and says what to use', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/live?item_id=1&access_token=${adminToken}`,
      headers: { 'accept-language': 'en' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().errors[0].detail).toMatch(/single-use ticket \(POST \/api\/v2\/live\/tickets\)/)
  })

  it('takes a ticket once, within its lifetime, and only while its session lasts', async () => {
    const ticketFor = async (token: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/v2/live/tickets', headers: bearer(token) })
      expect(res.statusCode).toBe(200)
      expect(res.json().meta.expires_in).toBeLessThanOrEqual(60)
      return res.json().meta.ticket as string
    }
    expect((await app.inject({ method: 'POST', url: '/api/v2/live/tickets' })).statusCode).toBe(401)
    const [item] = await app.db.select().from(items).where(eq(items.serialNumber, '100003'))
    const url = (ticket: string) => `/api/v2/live?item_id=${item!.id}&ticket=${ticket}`

    const ticket = await ticketFor(userToken)
    // The ticket is stored hashed, never as it is.
    const stored = await app.db.select().from(liveTickets)
    expect(stored.some((row) => row.ticketHash === ticket)).toBe(false)
    const stream = await openStream(url(ticket))
    expect(stream.res.status).toBe(200)
    await waitFor(() => stream.items().length === 1, 10_000, 'first event')
    expect(stream.items()[0].data.id).toBe(String(item!.id))
    // Spent: the same ticket opens nothing more.
    const again = await app.inject({ method: 'GET', url: url(ticket) })
    expect(again.statusCode).toBe(401)
    expect(again.json().errors[0].detail).toBe(
      'Квиток живого потоку недійсний, застарів або вже використаний.',
    )

    // Past its lifetime.
    const late = await ticketFor(userToken)
    await app.db.update(liveTickets).set({ expiresAt: new Date(Date.now() - 1000) })
    expect((await app.inject({ method: 'GET', url: url(late) })).statusCode).toBe(401)

    // A session signed out: its tickets open nothing, and its open streams end at once.
    const session = await loginAs(app, owner.email, owner.password)
    const orphan = await ticketFor(session)
    const live = await openStream(url(await ticketFor(session)))
    await waitFor(() => live.items().length === 1, 10_000, 'first event')
    const signedOut = await app.inject({ method: 'POST', url: '/api/v2/logout', headers: bearer(session) })
    expect(signedOut.statusCode).toBe(204)
    await waitFor(() => live.ended(), 3000, 'stream end on sign-out')
    expect((await app.inject({ method: 'GET', url: url(orphan) })).statusCode).toBe(401)
    // Another account's device: the ticket proves the session, not a right to every device.
    const [adminItem] = await app.db.select().from(items).where(eq(items.serialNumber, '100001'))
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/v2/live?item_id=${adminItem!.id}&ticket=${await ticketFor(userToken)}`,
    })
    expect(hidden.statusCode).toBe(404)
  })

  it('answers 404 for a device the caller may not see, and 400 for a bad id', async () => {
    const [adminItem] = await app.db.select().from(items).where(eq(items.serialNumber, '100001'))
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/v2/live?item_id=${adminItem!.id}`,
      headers: bearer(userToken),
    })
    expect(hidden.statusCode).toBe(404)
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v2/live?item_id=99999',
      headers: bearer(adminToken),
    })
    expect(missing.statusCode).toBe(404)
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v2/live?item_id=abc',
      headers: bearer(adminToken),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].source.parameter).toBe('item_id')
  })

  it('streams the device document at once and again within a second of a telemetry message', async () => {
    const dev = await provisionDevice(app, adminToken)
    // EventSource cannot send headers: a single-use ticket travels as a query parameter.
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/v2/live/tickets',
      headers: bearer(adminToken),
    })
    const stream = await openStream(`/api/v2/live?item_id=${dev.itemId}&ticket=${ticket.json().meta.ticket}`)
    expect(stream.res.status).toBe(200)
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const [first] = await waitFor(() => stream.items().length > 0 && stream.items(), 10_000, 'first event')
    expect(first.data).toMatchObject({ type: 'items', id: String(dev.itemId) })
    expect(first.data.attributes.heater_temp).toBeNull()

    const client: MqttClient = await connectDevice(app.deviceLink!.transport.address, dev)
    try {
      const sentAt = Date.now()
      await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 66.5 }))
      const event = await waitFor(
        () =>
          stream.events.find(
            (e) => e.event === 'item' && JSON.parse(e.data).data.attributes.heater_temp === 66.5,
          ),
        3000,
        'pushed telemetry',
      )
      expect(event.at - sentAt).toBeLessThan(1000)
      expect(JSON.parse(event.data).data.attributes.status).toBe('on')
    } finally {
      await client.endAsync()
      await stream.close()
    }
  })

  it("renders the document's stored reasons in the language the stream asks for, else the browser's", async () => {
    const dev = await provisionDevice(app, adminToken)
    const reason = msg('sync.appliedInstead', { name: 'heater_temp_set', applied: '57', desired: '58' })
    // The device link gives a verified device its first desired version (pending, no reason) in the background:
    // the refusal is written after it, or it would be overwritten.
    await waitFor(
      async () => {
        const [row] = await app.db.select().from(items).where(eq(items.id, dev.itemId))
        return (row?.settingsVersion ?? 0) >= 1
      },
      10_000,
      'the first desired version',
    )
    await app.db
      .update(items)
      .set({ syncStatus: 'refused', syncError: reason })
      .where(eq(items.id, dev.itemId))
    // As every code path that changes an item does: the documents cached for it are read again.
    app.events.emit('item.updated', { itemId: dev.itemId })
    const reasonIn = async (query: string, headers: Record<string, string> = {}) => {
      const stream = await openStream(`/api/v2/live?item_id=${dev.itemId}${query}`, {
        ...bearer(adminToken),
        ...headers,
      })
      const [first] = await waitFor(() => stream.items().length > 0 && stream.items(), 10_000, 'first event')
      await stream.close()
      return first.data.attributes.sync_reason
    }
    expect(await reasonIn('')).toBe('heater_temp_set: застосовано 57 замість 58')
    expect(await reasonIn('', { 'accept-language': 'en' })).toBe('heater_temp_set: applied 57 instead of 58')
    // EventSource sends the browser's Accept-Language: the screen's language, named in the query, wins.
    expect(await reasonIn('&ui_language=en', { 'accept-language': 'uk' })).toBe(
      'heater_temp_set: applied 57 instead of 58',
    )
  })

  it('coalesces a burst into at most one push per 200 ms, ending on the newest state', async () => {
    const [item] = await app.db.select().from(items).where(eq(items.serialNumber, '100003'))
    const stream = await openStream(`/api/v2/live?item_id=${item!.id}`, bearer(userToken))
    await waitFor(() => stream.items().length === 1, 10_000, 'first event')
    for (let i = 1; i <= 20; i++) {
      await app.db.update(items).set({ heaterTemp: i }).where(eq(items.id, item!.id))
      app.events.emit('item.updated', { itemId: item!.id })
    }
    await waitFor(() => stream.items().at(-1)?.data.attributes.heater_temp === 20, 3000, 'newest state')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const pushes = stream.events.filter((e) => e.event === 'item').slice(1)
    for (let i = 1; i < pushes.length; i++)
      expect(pushes[i]!.at - pushes[i - 1]!.at).toBeGreaterThanOrEqual(190)
    expect(pushes.length).toBeLessThan(20)
    await stream.close()
  })

  it('stops listening when the browser goes away', async () => {
    const [item] = await app.db.select().from(items).where(eq(items.serialNumber, '100003'))
    // Streams of earlier tests may still be closing.
    await waitFor(() => app.live.watcherCount === 0, 3000, 'earlier streams closed')
    const before = app.live.watcherCount
    const stream = await openStream(`/api/v2/live?item_id=${item!.id}`, bearer(userToken))
    await waitFor(() => stream.items().length === 1, 10_000, 'first event')
    expect(app.live.watcherCount).toBe(before + 1)
    await stream.close()
    await waitFor(() => app.live.watcherCount === before, 3000, 'unsubscribe')
  })

  it('sends heartbeats and ends the stream once the session is signed out', async () => {
    const token = await loginAs(app, owner.email, owner.password)
    const [item] = await app.db.select().from(items).where(eq(items.serialNumber, '100003'))
    const stream = await openStream(`/api/v2/live?item_id=${item!.id}`, bearer(token))
    await waitFor(() => stream.items().length === 1, 10_000, 'first event')
    app.live.sendHeartbeats()
    await waitFor(() => stream.events.some((e) => e.event === 'heartbeat'), 3000, 'heartbeat')
    expect(stream.ended()).toBe(false)

    const logout = await app.inject({ method: 'POST', url: '/api/v2/logout', headers: bearer(token) })
    expect(logout.statusCode).toBe(204)
    app.live.sendHeartbeats()
    await waitFor(() => stream.ended(), 3000, 'stream end')
  })

  it('tells the browser when the device is deleted and closes the stream', async () => {
    const dev = await provisionDevice(app, adminToken)
    const stream = await openStream(`/api/v2/live?item_id=${dev.itemId}`, bearer(adminToken))
    // A new device may change right after pairing (its broker account is made then): the first push can be
    // followed by another within one poll.
    await waitFor(() => stream.items().length >= 1, 10_000, 'first event')
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(adminToken),
    })
    expect(res.statusCode).toBe(204)
    await waitFor(() => stream.ended(), 3000, 'stream end')
    expect(stream.events.at(-1)?.event).toBe('deleted')
  })

  // Last: it closes the app of this file.
  it('closes open streams when the server shuts down', async () => {
    const [item] = await app.db.select().from(items).where(eq(items.serialNumber, '100003'))
    const stream = await openStream(`/api/v2/live?item_id=${item!.id}`, bearer(userToken))
    await waitFor(() => stream.items().length === 1, 10_000, 'first event')
    const closing = Date.now()
    const closed = app.close()
    await waitFor(() => stream.ended(), 3000, 'stream end')
    expect(Date.now() - closing).toBeLessThan(1000)
    await closed
  })
})
