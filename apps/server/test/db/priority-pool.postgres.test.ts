import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEAVY_READ_CONNECTIONS, PriorityPool } from '../../src/db/priority-pool.ts'
import { runHeavy } from '../../src/lib/statement-priority.ts'

const url = process.env.TEST_DATABASE_URL as string

// On PostgreSQL heavy reads run on a pool of their own (ADR 039 addendum 5): however many wait there, the
// ingest's and light requests' connections stay free.
describe('the PostgreSQL pool with heavy reads apart', () => {
  let pool: PriorityPool
  beforeAll(() => {
    pool = new PriorityPool({ connectionString: url, max: 3 })
  })
  afterAll(async () => {
    await pool?.end()
  })

  it('runs heavy statements on their own connections and light ones beside them at once', async () => {
    const heavyPids = new Set<number>()
    let heavyDone = 0
    const heavy = Array.from({ length: 5 }, () =>
      runHeavy(async () => {
        const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.3)')
        heavyPids.add(rows[0]?.pid as number)
        heavyDone += 1
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid')
    // Five heavy reads queue for two connections; the light statement does not wait for them (in one pool of
    // three it would have queued behind the fourth and fifth, after at least three had ended).
    expect(heavyDone).toBeLessThanOrEqual(1)
    await Promise.all(heavy)
    expect(heavyPids.size).toBeLessThanOrEqual(HEAVY_READ_CONNECTIONS)
    expect(heavyPids.has(rows[0]?.pid as number)).toBe(false)
    expect(pool.heavy.totalCount).toBeLessThanOrEqual(HEAVY_READ_CONNECTIONS)
  })

  it('checks a transaction out of the pool its caller belongs to', async () => {
    const client = await runHeavy(() => pool.connect())
    try {
      expect(pool.heavy.totalCount - pool.heavy.idleCount).toBe(1)
      await client.query('begin')
      await client.query('select 1')
      await client.query('commit')
    } finally {
      client.release()
    }
  })
})
