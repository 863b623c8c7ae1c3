import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import type { DatabaseHandle } from '../../src/db/client.ts'
import { pushSubscriptions, users } from '../../src/db/schema.ts'
import { isPublicAddress, publicOnlyLookup, type Resolver } from '../../src/lib/public-address.ts'
import { bearer, errorsOf, loginAs, openTestDatabase, testConfig } from '../support/helper.ts'
import { browserKeys } from '../support/push-service.ts'

// Web push goes only to public addresses, checked on the socket that connects (ADR 045). Names resolve through a
// stub: no network, and a name can answer differently at subscription and at delivery (DNS rebinding).

const owner = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const asked: string[] = []
const answers = new Map<string, string[]>([
  ['127.0.0.1.nip.io', ['127.0.0.1']],
  ['localhost', ['127.0.0.1']],
  ['metadata.google.internal', ['169.254.169.254']],
  ['push.example.test', ['93.184.216.34']],
  ['wns2-par02p.notify.windows.com', ['20.42.65.92']],
  ['both.example.test', ['93.184.216.34', '10.1.2.3']],
])
// First public, then this machine: what a rebinding name does between the check and the request.
let rebindCalls = 0
const stubResolver: Resolver = async (hostname) => {
  asked.push(hostname)
  if (hostname === 'rebind.example.test') {
    rebindCalls++
    return [{ address: rebindCalls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }]
  }
  const found = answers.get(hostname)
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return found.map((address) => ({ address, family: net.isIP(address) }))
}

let database: DatabaseHandle
let app: Awaited<ReturnType<typeof buildApp>>
let token = ''
let ownerId = 0
beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildApp({ config: testConfig(), database, pushResolver: stubResolver })
  await app.ready()
  token = await loginAs(app, owner.email, owner.password)
  ownerId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]!.id
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const subscription = (endpoint: string) => ({ endpoint, expirationTime: null, keys: browserKeys().json })
const subscribe = (target: typeof app, endpoint: string) =>
  target.inject({
    method: 'POST',
    url: '/api/v2/me/push-subscriptions',
    headers: bearer(token),
    payload: subscription(endpoint),
  })

describe('isPublicAddress', () => {
  it('refuses this machine, private, link-local, CGNAT, ULA, metadata and IPv4 inside IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
    for (const address of ['93.184.216.34', '142.250.74.106', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
  })
})

describe('subscribing', () => {
  it('refuses local names, addresses and names resolving inside with a clear 422, and stores nothing', async () => {
    for (const endpoint of [
      'https://localhost.:8443/push/1',
      'https://127.0.0.1.nip.io/push/1',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://2130706433/push/1',
      'https://0x7f.1/push/1',
      'https://both.example.test/push/1',
      'http://127.0.0.1:9/push/1',
    ]) {
      const res = await subscribe(app, endpoint)
      expect(res.statusCode, endpoint).toBe(422)
      expect(errorsOf(res)[0]).toMatchObject({
        source: { pointer: '/data/attributes/endpoint' },
        detail: 'Адреса підписки має бути адресою служби push в інтернеті (https://)',
      })
    }
    expect(await app.db.select().from(pushSubscriptions)).toEqual([])
  })

  it('accepts a public push service, and one that cannot be resolved now (delivery checks again)', async () => {
    expect((await subscribe(app, 'https://push.example.test/push/ok')).statusCode).toBe(201)
    expect((await subscribe(app, 'https://push.unresolvable.test/push/later')).statusCode).toBe(201)
    await app.db.delete(pushSubscriptions)
  })

  it('with PUSH_ALLOWED_HOSTS, accepts only the named push services', async () => {
    const narrow = await buildApp({
      config: testConfig({ PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com, *.notify.windows.com' }),
      database,
      pushResolver: stubResolver,
    })
    await narrow.ready()
    try {
      expect(
        (await subscribe(narrow, 'https://wns2-par02p.notify.windows.com/w/?token=abc')).statusCode,
      ).toBe(201)
      const other = await subscribe(narrow, 'https://push.example.test/push/1')
      expect(other.statusCode).toBe(422)
      expect(errorsOf(other)[0]!.detail).toBe('Ця служба push не дозволена на цьому сервері')
    } finally {
      await narrow.close()
      await app.db.delete(pushSubscriptions)
    }
  })

  it('refuses a loopback push service unless PUSH_ALLOW_LOOPBACK is set, even in tests', () => {
    expect(testConfig().push.allowLoopback).toBe(false)
    expect(testConfig({ PUSH_ALLOW_LOOPBACK: 'true' }).push.allowLoopback).toBe(true)
  })
})

describe('delivering', () => {
  let listener: net.Server
  let port = 0
  let connections = 0
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    port = (listener.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()))
  })

  it('never connects to a stored endpoint that leads inside, however it is written or re-resolved', async () => {
    // The counter counts: a connection made directly is seen.
    await new Promise<void>((resolve) => net.connect(port, '127.0.0.1', () => resolve()).on('error', resolve))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(connections).toBe(1)
    connections = 0

    // Subscribed while the name answered a public address (accepted), then it answers 127.0.0.1.
    rebindCalls = 0
    expect((await subscribe(app, `https://rebind.example.test:${port}/push/r`)).statusCode).toBe(201)
    // Rows as an older server or a direct write could have stored them.
    const endpoints = [
      `https://localhost.:${port}/push/a`,
      `https://127.0.0.1.nip.io:${port}/push/b`,
      `https://metadata.google.internal:${port}/push/c`,
      `https://[::ffff:127.0.0.1]:${port}/push/d`,
      `https://2130706433:${port}/push/e`,
      `https://both.example.test:${port}/push/f`,
    ]
    for (const endpoint of endpoints) {
      await app.db.insert(pushSubscriptions).values({ userId: ownerId, endpoint, ...browserKeys().json })
    }
    asked.length = 0
    const delivered = await app.push.sendPushToUser(app.db, ownerId, {
      title: 'Котел',
      body: 'Тест',
      url: '/dashboards',
      tag: 'guard',
    })
    expect(delivered).toBe(0)
    expect(connections).toBe(0)
    // The rebinding name was resolved again at delivery, on the socket's lookup.
    expect(asked).toContain('rebind.example.test')
    expect(rebindCalls).toBe(2)
    // Refused, not retried: each is counted as a failure.
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ownerId))
    expect(rows).toHaveLength(endpoints.length + 1)
    expect(rows.every((row) => row.failures === 1)).toBe(true)
    await app.db.delete(pushSubscriptions)
  })

  it('hands a socket only a checked address', async () => {
    const lookup = publicOnlyLookup(stubResolver)
    const result = await new Promise<unknown>((resolve) =>
      lookup('push.example.test', { all: true }, (err, addresses) => resolve(err ?? addresses)),
    )
    expect(result).toEqual([{ address: '93.184.216.34', family: 4 }])
    const refused = await new Promise<unknown>((resolve) =>
      lookup('127.0.0.1.nip.io', {}, (err) => resolve((err as NodeJS.ErrnoException | null)?.code)),
    )
    expect(refused).toBe('ENOTPUBLIC')
  })

  it('does not follow a redirect from the push service', async () => {
    const seen: string[] = []
    const service = http.createServer((request, response) => {
      seen.push(request.url ?? '')
      response.writeHead(307, { location: '/elsewhere' }).end()
    })
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
    const loopback = await buildApp({
      config: testConfig({ PUSH_ALLOW_LOOPBACK: 'true' }),
      database,
      pushResolver: stubResolver,
    })
    await loopback.ready()
    try {
      const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/moved`
      await loopback.db.insert(pushSubscriptions).values({ userId: ownerId, endpoint, ...browserKeys().json })
      const payload = { title: 'Котел', body: 'Тест', url: '/dashboards', tag: 'moved' }
      expect(await loopback.push.sendPushToUser(loopback.db, ownerId, payload)).toBe(0)
      expect(seen).toEqual(['/push/moved'])
    } finally {
      await loopback.close()
      await new Promise<void>((resolve) => service.close(() => resolve()))
      await app.db.delete(pushSubscriptions)
    }
  })
})
