import { DEMO_ACCOUNTS } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConcurrencyGate } from '../../../src/lib/concurrency-gate.ts'
import { addressKey, LOGIN_LIMITS, LoginThrottle } from '../../../src/modules/auth/login-throttle.ts'
import { build, type TestApp } from '../../support/helper.ts'

let app: TestApp
beforeAll(async () => {
  app = await build()
})
afterAll(async () => {
  await app?.closeAll()
})

const login = (email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v2/login', remoteAddress, payload: { email, password } })

describe('login limits', () => {
  it('stops password spraying: failures from one address count across all e-mails', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMITS.addressFailures + 2; i++) {
      statuses.push((await login(`sprayed-${i}@example.com`, 'Summer2026!', '198.51.100.7')).statusCode)
    }
    expect(statuses.slice(0, LOGIN_LIMITS.addressFailures).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(LOGIN_LIMITS.addressFailures)).toEqual([429, 429])
    // Even the right password waits; another address is not affected.
    const { email, password } = DEMO_ACCOUNTS[2]!
    expect((await login(email, password, '198.51.100.7')).statusCode).toBe(429)
    expect((await login(email, password, '198.51.100.8')).statusCode).toBe(200)
  })

  it('slows down one account tried from many addresses, the same for unknown e-mails', async () => {
    for (const email of ['creator@teplo.demo', 'nobody-here@example.com']) {
      for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures; i++) {
        expect((await login(email, 'wrong-password', `203.0.113.${i}`)).statusCode).toBe(401)
      }
      // An address that has failed on the account waits for the account's delay.
      const slowed = await login(email, 'wrong-password', '203.0.113.0')
      expect(slowed.statusCode).toBe(429)
      expect(slowed.headers['retry-after']).toBe('1')
    }
  })

  it('never locks the owner out: nine wrong passwords from rotating addresses, then the right one from home', async () => {
    const { email, password } = DEMO_ACCOUNTS[1]!
    for (let i = 0; i < 9; i++) {
      expect((await login(email, 'Guess-2026!', `192.0.2.${10 + i}`)).statusCode).toBe(401)
    }
    // The attackers' addresses are slowed: each waits for the account's doubling delay (2^(9-5) = 16 s).
    const attacker = await login(email, 'Guess-2026!', '192.0.2.18')
    expect(attacker.statusCode).toBe(429)
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThanOrEqual(15)
    // Even the right password waits there: the attacker who guesses it gains nothing.
    expect((await login(email, password, '192.0.2.18')).statusCode).toBe(429)
    // The owner, from an address with no failures, signs in at once.
    const owner = await login(email, password, '198.51.100.200')
    expect(owner.statusCode).toBe(200)
    expect(owner.json()).toMatchObject({ token_type: 'Bearer' })
    // The owner signing in does not reset the attackers' count.
    expect((await login(email, 'Guess-2026!', '192.0.2.17')).statusCode).toBe(429)
  })
})

describe('LoginThrottle', () => {
  it('doubles the wait after each further failure, up to a minute, for the addresses that failed', () => {
    let now = 0
    const throttle = new LoginThrottle(() => now)
    const fail = () => throttle.failed('192.0.2.1', 'a@example.com')
    for (let i = 0; i < 5; i++) fail()
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(1)
    expect(throttle.waitSeconds('192.0.2.200', 'a@example.com')).toBe(0)
    now += 1000
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(0)
    fail()
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(2)
    for (let i = 0; i < 10; i++) fail()
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(60)
    expect(throttle.waitSeconds('192.0.2.200', 'a@example.com')).toBe(0)
    throttle.succeeded('192.0.2.1', 'a@example.com')
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(0)
    // The account's count stays: a new failure from that address waits again.
    fail()
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(60)
    now += LOGIN_LIMITS.accountForgetMs
    expect(throttle.waitSeconds('192.0.2.1', 'a@example.com')).toBe(0)
  })

  it('counts IPv6 addresses per /64 network', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::ffff:198.51.100.1')).toBe('198.51.100.1')
    expect(addressKey('198.51.100.1')).toBe('198.51.100.1')
    const throttle = new LoginThrottle(() => 0)
    for (let i = 0; i < LOGIN_LIMITS.addressFailures; i++) {
      throttle.failed(`2001:db8:1:2::${i + 1}`, `u${i}@example.com`)
    }
    expect(throttle.waitSeconds('2001:db8:1:2:ffff::1', 'new@example.com')).toBeGreaterThan(0)
    expect(throttle.waitSeconds('2001:db8:1:3::1', 'new@example.com')).toBe(0)
  })

  it('opens an address again when its window ends', () => {
    let now = 0
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < LOGIN_LIMITS.addressFailures; i++) throttle.failed('192.0.2.1', `u${i}@example.com`)
    expect(throttle.waitSeconds('192.0.2.1', 'new@example.com')).toBe(LOGIN_LIMITS.addressWindowMs / 1000)
    now += LOGIN_LIMITS.addressWindowMs
    expect(throttle.waitSeconds('192.0.2.1', 'new@example.com')).toBe(0)
  })
})

describe('ConcurrencyGate', () => {
  it('runs at most `limit` tasks at once, queues a few and refuses the rest with 429', async () => {
    const gate = new ConcurrencyGate(2, 3)
    let running = 0
    let most = 0
    const release: (() => void)[] = []
    const task = () =>
      gate.run(async () => {
        running++
        most = Math.max(most, running)
        await new Promise<void>((resolve) => release.push(resolve))
        running--
      })
    const accepted = Array.from({ length: 5 }, task)
    await expect(task()).rejects.toMatchObject({ status: 429 })
    while (release.length > 0 || running > 0) {
      release.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(accepted)
    expect(most).toBe(2)
  })
})
