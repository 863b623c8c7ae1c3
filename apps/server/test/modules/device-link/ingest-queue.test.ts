import { DEMO_ACCOUNTS, encodeDeviceMessage, topicFor } from '@teplo/domain'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/db/client.ts'
import { telemetry as telemetryTable } from '../../../src/db/schema.ts'
import { IngestQueue } from '../../../src/modules/device-link/ingest-queue.ts'
import { type Device, provisionDevice, telemetry, waitFor } from '../../support/device-support.ts'
import { build, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const silentLog = { warn() {}, error() {}, info() {}, debug() {} } as never

/** The app's database, unreachable while `down` is set (as a stopped PostgreSQL answers: ECONNREFUSED). */
function flakyDatabase(db: Database) {
  const state = { down: false, failures: 0 }
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (prop === 'execute' && state.down) {
        return () => {
          state.failures++
          return Promise.reject(
            Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
          )
        }
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: proxy, state }
}

describe('ingest queue: settled only once stored', () => {
  let app: TestApp
  let dev: Device
  beforeAll(async () => {
    app = await build()
    dev = await provisionDevice(app, await loginAs(app, admin.email, admin.password))
  })
  afterAll(async () => {
    await app?.closeAll()
  })

  const stored = async () =>
    (await app.db.select({ n: count() }).from(telemetryTable).where(eq(telemetryTable.itemId, dev.itemId)))[0]
      ?.n ?? 0
  const message = (seq: number) => ({
    topic: topicFor(dev.serial, 'telemetry'),
    payload: Buffer.from(
      encodeDeviceMessage(
        'telemetry',
        telemetry({ seq, ts: new Date(Date.now() - 60_000 + seq).toISOString() }),
      ),
    ),
  })

  it('settles a reading after its batch is written, and an invalid message at once', async () => {
    const queue = new IngestQueue({ db: app.db, log: silentLog, onEffects: () => {} })
    const before = await stored()
    let settledAt = -1
    queue.push(message(1), () => {
      settledAt = before
    })
    expect(settledAt).toBe(-1)
    let invalidSettled = false
    queue.push({ topic: topicFor(dev.serial, 'telemetry'), payload: Buffer.from('not json') }, () => {
      invalidSettled = true
    })
    expect(invalidSettled).toBe(true)
    await queue.drain()
    expect(settledAt).toBe(before)
    expect(await stored()).toBe(before + 1)
    expect(queue.counts).toMatchObject({ written: 1, dropped: 1 })
  })

  it('holds messages unsettled while the database is unavailable and writes them when it is back', async () => {
    const flaky = flakyDatabase(app.db)
    const queue = new IngestQueue({ db: flaky.db, log: silentLog, onEffects: () => {}, retryMs: 20 })
    const before = await stored()
    flaky.state.down = true
    const settled: number[] = []
    for (let seq = 10; seq < 15; seq++) queue.push(message(seq), () => settled.push(seq))
    await waitFor(() => flaky.state.failures >= 3, 5000, 'retries against the unavailable database')
    expect(settled).toEqual([])
    expect(queue.backlog + settled.length).toBeLessThanOrEqual(5)
    flaky.state.down = false
    await queue.drain()
    expect(settled.sort()).toEqual([10, 11, 12, 13, 14])
    expect(await stored()).toBe(before + 5)
  })

  it('says how long its oldest unstored message has waited, the batch being written included', async () => {
    const flaky = flakyDatabase(app.db)
    const queue = new IngestQueue({ db: flaky.db, log: silentLog, onEffects: () => {}, retryMs: 20 })
    expect(queue.lagMs()).toBe(0)
    flaky.state.down = true
    const pushedAt = Date.now()
    queue.push(message(30))
    await waitFor(() => flaky.state.failures >= 2, 5000, 'retries against the unavailable database')
    // The message left the pending list for the batch being retried: its wait still counts.
    expect(queue.backlog).toBe(0)
    expect(queue.lagMs()).toBeGreaterThanOrEqual(Date.now() - pushedAt - 5)
    expect(queue.lagMs()).toBeGreaterThan(0)
    flaky.state.down = false
    await queue.drain()
    expect(queue.lagMs()).toBe(0)
  })

  it('leaves messages unsettled when it closes while the database is unavailable', async () => {
    const flaky = flakyDatabase(app.db)
    const queue = new IngestQueue({ db: flaky.db, log: silentLog, onEffects: () => {}, retryMs: 20 })
    flaky.state.down = true
    let settled = false
    queue.push(message(20), () => {
      settled = true
    })
    await waitFor(() => flaky.state.failures >= 1, 5000, 'a failed write')
    await queue.close()
    expect(settled).toBe(false)
    // Taken after close: never settled (the broker delivers it again).
    queue.push(message(21), () => {
      settled = true
    })
    expect(settled).toBe(false)
  })
})
