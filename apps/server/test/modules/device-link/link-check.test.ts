import type { FastifyBaseLogger } from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LINK_CHECK_TOPIC, LinkCheck } from '../../../src/modules/device-link/link-check.ts'

// The link self-check's rules (ADR 036); faults/broker-persistence.test.ts runs it against a real Mosquitto.
describe('link self-check', () => {
  const lines: { level: string; msg: string }[] = []
  const log = {
    error: (_o: unknown, msg: string) => lines.push({ level: 'error', msg }),
    warn: (_o: unknown, msg: string) => lines.push({ level: 'warn', msg }),
  } as unknown as FastifyBaseLogger
  let state = { connected: true, subscribed: true, refusal: null as string | null }
  let publishes: string[] = []
  let publish = async (payload: string) => {
    publishes.push(payload)
  }
  let check: LinkCheck

  beforeEach(() => {
    vi.useFakeTimers()
    lines.length = 0
    publishes = []
    state = { connected: true, subscribed: true, refusal: null }
    publish = async (payload: string) => {
      publishes.push(payload)
    }
    check = new LinkCheck({ periodMs: 1000, log, publish: (p) => publish(p), state: () => state })
  })
  afterEach(() => {
    check.stop()
    vi.useRealTimers()
  })

  it('publishes a canary every period to a topic no device may use', async () => {
    await vi.advanceTimersByTimeAsync(3000)
    expect(publishes).toHaveLength(3)
    expect(LINK_CHECK_TOPIC).toBe('teplo/v1/devices/link-check/status')
  })

  it('is ok while canaries come back, failing after three periods without one, ok again when one does', async () => {
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1000)
      check.received()
    }
    expect(check.health()).toMatchObject({ status: 'ok', check: 'canary', last_canary_seconds_ago: 0 })
    await vi.advanceTimersByTimeAsync(3500)
    expect(check.health()).toMatchObject({
      status: 'failing',
      reason: expect.stringMatching(/^device link: no link-check message came back/),
    })
    check.received()
    expect(check.health().status).toBe('ok')
  })

  it('says it in the log once, then every minute, and when it flows again', async () => {
    await vi.advanceTimersByTimeAsync(30_000)
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2)
    check.received()
    await vi.advanceTimersByTimeAsync(1000)
    expect(lines.at(-1)?.msg).toBe('device link: messages flow through the broker again')
  })

  it('is failing at once without a connection or with refused subscriptions', () => {
    state.connected = false
    expect(check.health()).toMatchObject({
      status: 'failing',
      reason: expect.stringMatching(/not connected/),
    })
    state = { connected: true, subscribed: false, refusal: 'SUBACK 0x87' }
    expect(check.health()).toMatchObject({ status: 'failing', reason: expect.stringMatching(/0x87/) })
  })

  it('a broker refusing the canary (no ACL for it) is reported, not failed', async () => {
    publish = async () => {
      throw new Error('Publish error: Not authorized')
    }
    await vi.advanceTimersByTimeAsync(10_000)
    expect(check.health()).toMatchObject({ status: 'ok', check: 'refused-by-broker' })
    expect(lines.filter((l) => l.msg.includes('refuses the link check'))).toHaveLength(1)
  })
})
