import { connect, createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { reconnectDelayMs } from '../src/backoff'
import { DeviceAgent } from '../src/device'
import { startTestBroker, type TestBroker } from './test-broker'

describe('reconnect backoff', () => {
  it('doubles from the base per failed attempt, jittered between half and all of it, capped at 5 minutes', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelayMs(n, 1000, 300_000, () => 1))).toEqual([
      1000, 2000, 4000, 8000,
    ])
    expect(reconnectDelayMs(3, 1000, 300_000, () => 0)).toBe(4000)
    expect(reconnectDelayMs(9, 1000, 300_000, () => 1)).toBe(300_000)
    expect(reconnectDelayMs(500, 1000, 300_000, () => 0.5)).toBe(225_000)
    // Defaults: 1 s first, 5 minutes at most.
    expect(reconnectDelayMs(0, undefined, undefined, () => 1)).toBe(1000)
    expect(reconnectDelayMs(40, undefined, undefined, () => 1)).toBe(300_000)
  })
})

describe('a simulated controller whose login is refused', () => {
  let broker: TestBroker | undefined
  let agent: DeviceAgent | undefined
  let counter: Server | undefined
  afterEach(async () => {
    await agent?.kill()
    await broker?.close()
    await new Promise<void>((resolve) => (counter ? counter.close(() => resolve()) : resolve()))
    counter = undefined
  })

  it('retries ever more slowly instead of at a fixed period', async () => {
    broker = await startTestBroker({ '100200': 'new-secret' })
    // A relay in front of the broker notes when each connection attempt arrives.
    const attempts: number[] = []
    const target = broker.port
    counter = createServer((socket) => {
      attempts.push(Date.now())
      const upstream = connect(target, '127.0.0.1')
      socket.pipe(upstream).pipe(socket)
      socket.on('error', () => upstream.destroy())
      upstream.on('error', () => socket.destroy())
    })
    await new Promise<void>((resolve) => counter!.listen(0, '127.0.0.1', resolve))
    const port = (counter.address() as { port: number }).port
    agent = new DeviceAgent({
      url: `mqtt://127.0.0.1:${port}`,
      serial: '100200',
      password: 'revoked-secret',
      intervalSeconds: 60,
      speed: 1,
      reconnectPeriodMs: 40,
    })
    agent.start()
    const deadline = Date.now() + 5000
    while (attempts.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(attempts.length).toBeGreaterThanOrEqual(6)
    const gaps = attempts.slice(1, 6).map((at, i) => at - attempts[i]!)
    // Each wait is at least half its ceiling: 20, 40, 80, 160, 320 ms and more.
    for (const [i, gap] of gaps.entries()) expect(gap, `wait ${i}`).toBeGreaterThanOrEqual(20 * 2 ** i - 5)
    expect(agent.connected).toBe(false)
  })
})
