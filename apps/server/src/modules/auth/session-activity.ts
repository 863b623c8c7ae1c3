import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'

/** How often an instance writes when its sessions were last used: one statement for all of them. */
export const SESSION_ACTIVITY_FLUSH_MS = 60_000
// Sessions remembered between two writes at most; beyond it the write happens at once.
const MAX_PENDING = 5_000

type Use = { at: Date; address: string }

/**
 * When and from where each session was last used, without a database write per request (issue 27): requests
 * only note it in memory, and every SESSION_ACTIVITY_FLUSH_MS one UPDATE writes all sessions used meanwhile.
 * `last_used_at` is therefore up to a minute behind (the list of sessions adds what this instance has not
 * written yet). A failed write keeps its entries for the next one; nothing here can end the process.
 */
export class SessionActivity {
  private pending = new Map<number, Use>()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = SESSION_ACTIVITY_FLUSH_MS,
    /** The table whose last_used_at and last_address it writes: sessions, or personal API tokens (ADR 060). */
    private readonly table: 'tokens' | 'api_tokens' = 'tokens',
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.flush()
  }

  touch(tokenId: number, address: string, at = new Date()): void {
    this.pending.set(tokenId, { at, address })
    if (this.pending.size >= MAX_PENDING) void this.flush()
  }

  /** What this instance knows and has not written yet. */
  unwritten(tokenId: number): Use | undefined {
    return this.pending.get(tokenId)
  }

  /** Writes every use noted since the last write. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined
    })
    return this.flushing
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return
    const batch = this.pending
    this.pending = new Map()
    const ids = [...batch.keys()]
    const uses = [...batch.values()]
    try {
      await this.db.execute(sql`
        update ${sql.identifier(this.table)} t set
          last_used_at = greatest(t.last_used_at, u.at),
          last_address = case when t.last_used_at is null or u.at >= t.last_used_at then u.address else t.last_address end
        from unnest(${sql.param(ids)}::int4[], ${sql.param(uses.map((use) => use.at.toISOString()))}::timestamptz[],
                    ${sql.param(uses.map((use) => use.address))}::text[]) as u(id, at, address)
        where t.id = u.id`)
    } catch (err) {
      this.log.warn({ err, sessions: ids.length }, 'sessions: last use not written; trying again later')
      // Keep them for the next write, unless a newer use was noted meanwhile.
      for (const [id, use] of batch) if (!this.pending.has(id)) this.pending.set(id, use)
    }
  }
}
