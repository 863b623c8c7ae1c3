import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AccountSlots } from '../../lib/account-slots.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Heavy reads (history, consumption, fleet, change log) run through it: at most two per account at once. */
    heavyReads: AccountSlots
  }
}

/** Heavy reads one account may run at once; a third is refused (429) rather than queued. */
export const HEAVY_READS_PER_ACCOUNT = 2
/**
 * Heavy reads one instance runs or holds at once, all accounts together; one more is refused (503). On
 * PostgreSQL they share two connections of their own (`db/priority-pool.ts`), on the embedded database its one
 * connection after every light statement: eight keeps each one's wait short.
 */
export const HEAVY_READS_PER_INSTANCE = 8
/** Seconds a refused caller waits: a heavy read takes well under that once its account's others are done. */
export const HEAVY_READS_RETRY_AFTER_SECONDS = 1
/**
 * The device link's oldest message not yet stored (acknowledged) may be this old before heavy reads wait to
 * start: half of the live path's 0.5 s aim.
 */
export const HEAVY_READS_YIELD_AT_LAG_MS = 150
/** Longest a heavy read waits for the live path to catch up before it is refused (503, try again). */
export const HEAVY_READS_MAX_YIELD_MS = 5000

// A fair share of the database for every account (ADR 039): one account's reads over years of history must
// not take the whole database while everyone else waits, and none may hold back the devices' readings
// (addendum 5).
async function heavyReadsPlugin(app: FastifyInstance): Promise<void> {
  const slots = new AccountSlots({
    perAccount: HEAVY_READS_PER_ACCOUNT,
    perInstance: HEAVY_READS_PER_INSTANCE,
    retryAfterSeconds: HEAVY_READS_RETRY_AFTER_SECONDS,
    maxYieldMs: HEAVY_READS_MAX_YIELD_MS,
  })
  app.decorate('heavyReads', slots)
  app.addHook('onReady', async () => {
    const queue = app.deviceLink?.queue
    if (queue) slots.yieldWhile(() => queue.lagMs() > HEAVY_READS_YIELD_AT_LAG_MS)
  })
}

export default fp(heavyReadsPlugin, { name: 'teplo-heavy-reads' })
