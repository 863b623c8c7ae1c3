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
/** Seconds a refused caller waits: a heavy read takes well under that once its account's others are done. */
export const HEAVY_READS_RETRY_AFTER_SECONDS = 1

// A fair share of the database for every account (ADR 039): one account's reads over years of history must
// not take the whole database while everyone else waits.
async function heavyReadsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('heavyReads', new AccountSlots(HEAVY_READS_PER_ACCOUNT, HEAVY_READS_RETRY_AFTER_SECONDS))
}

export default fp(heavyReadsPlugin, { name: 'teplo-heavy-reads' })
