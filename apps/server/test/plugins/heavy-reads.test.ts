import { DEMO_ACCOUNTS, encodeDeviceMessage, topicFor } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountSlots } from '../../src/lib/account-slots.ts'
import { HttpError } from '../../src/lib/api-error.ts'
import { rowsOf } from '../../src/lib/sql-result.ts'
import { HEAVY_READS_YIELD_AT_LAG_MS } from '../../src/plugins/app/heavy-reads.ts'
import { type Device, provisionDevice, telemetry, waitFor } from '../support/device-support.ts'
import { build, loginAs, type TestApp } from '../support/helper.ts'

const slots = (perInstance = 8, maxYieldMs = 2000) =>
  new AccountSlots({ perAccount: 2, perInstance, retryAfterSeconds: 1, maxYieldMs, yieldPollMs: 10 })

const gate = () => {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

const refusal = (err: unknown) => {
  expect(err).toBeInstanceOf(HttpError)
  const e = err as HttpError
  return { status: e.status, retryAfter: e.retryAfterSeconds }
}

// Heavy reads (ADR 039): a fair share per account, a bound per instance, and the live path first (addendum 5).
describe('heavy read slots', () => {
  it('holds at most `perInstance` heavy reads of all accounts together, then answers 503 with Retry-After', async () => {
    const s = slots(3)
    const held = gate()
    const running = [1, 2, 3].map((account) => s.run(account, () => held.opened))
    expect(s.inUseAll()).toBe(3)
    expect(refusal(await s.run(4, async () => 'ran').catch((e: unknown) => e))).toEqual({
      status: 503,
      retryAfter: 1,
    })
    held.open()
    await Promise.all(running)
    expect(s.inUseAll()).toBe(0)
    expect(await s.run(4, async () => 'ran')).toBe('ran')
  })

  it('lets a heavy read start only once the live path has caught up, holding its account slot meanwhile', async () => {
    const s = slots()
    let behind = true
    s.yieldWhile(() => behind)
    let started = false
    const read = s.run(1, async () => {
      started = true
      return 'answered'
    })
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(started).toBe(false)
    // The waiting read counts against its account: two waiting, a third is 429 at once.
    const second = s.run(1, async () => 'second')
    expect(refusal(await s.run(1, async () => 'third').catch((e: unknown) => e)).status).toBe(429)
    behind = false
    expect(await read).toBe('answered')
    expect(await second).toBe('second')
  })

  it('refuses with 503 and Retry-After when the live path stays behind longer than the wait allowed', async () => {
    const s = slots(8, 80)
    s.yieldWhile(() => true)
    let started = false
    const err = await s
      .run(1, async () => {
        started = true
      })
      .catch((e: unknown) => e)
    expect(refusal(err)).toEqual({ status: 503, retryAfter: 1 })
    expect(started).toBe(false)
    expect(s.inUse(1)).toBe(0)
  })
})

describe('heavy reads wait for the device link to catch up', () => {
  let app: TestApp
  let userId: number
  let dev: Device
  beforeAll(async () => {
    app = await build({ MQTT_ENABLED: 'true', MQTT_HOST: '127.0.0.1', MQTT_PORT: '0' })
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
    const users = rowsOf<{ id: number }>(
      await app.db.execute(sql`select id from users where email = ${admin.email}`),
    )
    userId = users[0]?.id as number
    dev = await provisionDevice(app, await loginAs(app, admin.email, admin.password))
  })
  afterAll(async () => {
    await app?.closeAll()
  })

  it("starts a heavy read only after the ingest's oldest unstored reading is written", async () => {
    const queue = app.deviceLink?.queue
    if (!queue) throw new Error('no device link')
    const release = gate()
    // A transaction holding the readings' table: the ingest's write waits for it (on either database).
    const holder = app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table telemetry in exclusive mode`)
      await release.opened
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    queue.push({
      topic: topicFor(dev.serial, 'telemetry'),
      payload: Buffer.from(encodeDeviceMessage('telemetry', telemetry({ seq: 1 }))),
    })
    await waitFor(() => queue.lagMs() > HEAVY_READS_YIELD_AT_LAG_MS, 5000, 'the ingest falling behind')
    let startedAt = 0
    const read = app.heavyReads.run(userId, async () => {
      startedAt = Date.now()
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(startedAt).toBe(0)
    const releasedAt = Date.now()
    release.open()
    await holder
    await read
    expect(startedAt).toBeGreaterThanOrEqual(releasedAt)
    await queue.drain()
    expect(queue.lagMs()).toBe(0)
  })
})
