import fs from 'node:fs/promises'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import type { PGliteProxy } from '../../src/db/pglite-proxy.ts'
import { isDatabaseUnavailable, isUniqueViolation } from '../../src/lib/database-errors.ts'
import { rowsOf } from '../../src/lib/sql-result.ts'
import { runHeavy } from '../../src/lib/statement-priority.ts'
import { build, loginAs, type TestApp } from '../support/helper.ts'
import { tempDataDir } from '../support/server-process.ts'

const proxyOf = (app: { db: unknown }) => (app.db as { $client: PGliteProxy }).$client

// The embedded database runs in a thread of its own (ADR 039): a long statement leaves the event loop free.
// *.pglite.test.ts: the embedded database only (vitest.config.ts leaves it out of the PostgreSQL pass).
describe('the embedded database thread', () => {
  let app: TestApp
  let token: string

  beforeAll(async () => {
    app = await build()
    const viewer = DEMO_ACCOUNTS.find((account) => account.role === 'user')
    if (!viewer) throw new Error('no demo user')
    token = await loginAs(app, viewer.email, viewer.password)
    await app.db.execute(sql`create table thread_probe (id int primary key, note text)`)
  })
  afterAll(async () => {
    await app?.closeAll()
  })

  it('answers /health and keeps timers running while a long statement runs', async () => {
    let ticks = 0
    const timer = setInterval(() => {
      ticks += 1
    }, 5)
    let longDone = false
    const long = app.db.execute(sql`select pg_sleep(1.5)`).then(() => {
      longDone = true
    })
    try {
      // The statement has reached the thread once the event loop has turned a few times.
      await new Promise((resolve) => setTimeout(resolve, 100))
      const ticksBefore = ticks
      const health = await app.inject({ method: 'GET', url: '/health' })
      expect(health.statusCode).toBe(200)
      expect(longDone).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(longDone).toBe(false)
      // On the server's thread the sleep would have frozen the timer.
      expect(ticks - ticksBefore).toBeGreaterThan(5)
      await long
    } finally {
      clearInterval(timer)
    }
  })

  it("lets another account's GET /me go before heavy reads that wait", async () => {
    const finished: string[] = []
    const heavy = Array.from({ length: 12 }, (_, i) => i + 1).map((n) =>
      runHeavy(async () => {
        await app.db.execute(sql`select pg_sleep(0.2)`)
      }).then(() => finished.push(`heavy ${n}`)),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const me = app
      .inject({ method: 'GET', url: '/api/v2/me', headers: { authorization: `Bearer ${token}` } })
      .then((res) => {
        finished.push('me')
        return res
      })
    expect((await me).statusCode).toBe(200)
    await Promise.all(heavy)
    // The first heavy read held the connection when /me came, the others waited: each of /me's few statements
    // waited for the one heavy statement running, not for the queue (in order of arrival /me would have been
    // last, after all 12). How many heavy ones end first depends on how many statements /me makes and on whether
    // its session was cached, so the bound is half the queue.
    expect(finished.indexOf('me')).toBeGreaterThan(0)
    expect(finished.indexOf('me')).toBeLessThan(6)
  })

  it("brings PostgreSQL's error fields across the thread", async () => {
    await app.db.execute(sql`insert into thread_probe values (1, 'first')`)
    const err = await app.db
      .execute(sql`insert into thread_probe values (1, 'again')`)
      .catch((e: unknown) => e)
    expect(isUniqueViolation(err)).toBe(true)
    const cause = (err as { cause?: Record<string, unknown> }).cause ?? (err as Record<string, unknown>)
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey', table: 'thread_probe' })
    expect(String(cause.detail)).toContain('(id)=(1)')
  })

  it('holds the connection for a transaction: other statements wait for its end, a failure rolls it back', async () => {
    const order: string[] = []
    const tx = app.db.transaction(async (t) => {
      await t.execute(sql`insert into thread_probe values (2, 'in transaction')`)
      order.push('inserted')
      await new Promise((resolve) => setTimeout(resolve, 150))
      await t.execute(sql`select 1`)
      order.push('committing')
    })
    await new Promise((resolve) => setTimeout(resolve, 30))
    const outside = app.db
      .execute(sql`select count(*)::int as n from thread_probe where id = 2`)
      .then((res) => {
        order.push('outside read')
        return rowsOf<{ n: number }>(res)[0]?.n
      })
    await tx
    // The read waited for the commit, so it ran after it and saw the row.
    expect(await outside).toBe(1)
    expect(order).toEqual(['inserted', 'committing', 'outside read'])

    const failed = await app.db
      .transaction(async (t) => {
        await t.execute(sql`insert into thread_probe values (3, 'rolled back')`)
        await t.execute(sql`insert into thread_probe values (1, 'duplicate')`)
      })
      .catch((e: unknown) => e)
    expect(isUniqueViolation(failed)).toBe(true)
    const left = rowsOf<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from thread_probe where id = 3`),
    )
    expect(left[0]?.n).toBe(0)
  })

  it('passes LISTEN/NOTIFY through the thread', async () => {
    const proxy = proxyOf(app)
    const heard: string[] = []
    const stop = await proxy.listen('thread_probe_channel', (payload) => heard.push(payload))
    await app.db.execute(sql`select pg_notify('thread_probe_channel', 'hello')`)
    await expect.poll(() => heard).toEqual(['hello'])
    await stop()
    await app.db.execute(sql`select pg_notify('thread_probe_channel', 'not heard')`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(heard).toEqual(['hello'])
  })
})

describe('the embedded database thread on disk', () => {
  let dir: string
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true })
  })

  it('answers unavailable while its thread is started again after it ended, and keeps the data', async () => {
    dir = await tempDataDir()
    const stops: boolean[] = []
    const lost: Error[] = []
    const handle = await openDatabase({
      pgliteDir: `${dir}/pgdata`,
      onStop: (_err, restarting) => stops.push(restarting),
      onLost: (err) => lost.push(err),
    })
    try {
      await handle.db.execute(sql`create table kept (n int)`)
      await handle.db.execute(sql`insert into kept values (42)`)
      const proxy = proxyOf(handle)
      const inFlight = handle.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e)
      await new Promise((resolve) => setTimeout(resolve, 100))
      await proxy.worker?.terminate()
      // The statement in flight and the next ones fail as unavailable (503), not as a crash.
      expect(isDatabaseUnavailable(await inFlight)).toBe(true)
      expect(stops).toEqual([true])
      const meanwhile = await handle.db.execute(sql`select 1`).catch((e: unknown) => e)
      expect(isDatabaseUnavailable(meanwhile)).toBe(true)
      await expect(handle.check()).rejects.toThrow('not available')
      await expect
        .poll(
          () =>
            handle.check().then(
              () => true,
              () => false,
            ),
          // Reopening replays the WAL of a thread killed mid-statement: ~25 s at load 15 on 2 cores.
          { timeout: 80_000 },
        )
        .toBe(true)
      const rows = rowsOf<{ n: number }>(await handle.db.execute(sql`select n from kept`))
      expect(rows).toEqual([{ n: 42 }])
      expect(lost).toEqual([])
    } finally {
      await handle.close()
    }
  }, 90_000)
})
