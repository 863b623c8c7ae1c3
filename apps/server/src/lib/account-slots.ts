import { HttpError } from './api-error.ts'
import { runHeavy } from './statement-priority.ts'

/** What a caller is told when all of its slots are taken. */
export const HEAVY_READS_BUSY =
  'Забагато одночасних важких запитів з цього акаунта. Дочекайтеся попередніх і спробуйте знову.'

/**
 * At most `limit` tasks of one account run at once; one more is refused at once with 429 and Retry-After,
 * never queued: a queue would grow with every impatient reload while the account's earlier reads still run.
 * Another account's tasks are never held back by this one's.
 */
export class AccountSlots {
  private readonly running = new Map<number, number>()

  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {}

  async run<T>(accountId: number, task: () => Promise<T>): Promise<T> {
    const taken = this.running.get(accountId) ?? 0
    if (taken >= this.limit) {
      throw new HttpError(429, HEAVY_READS_BUSY, { retryAfterSeconds: this.retryAfterSeconds })
    }
    this.running.set(accountId, taken + 1)
    try {
      return await runHeavy(task)
    } finally {
      const left = (this.running.get(accountId) ?? 1) - 1
      if (left > 0) this.running.set(accountId, left)
      else this.running.delete(accountId)
    }
  }

  /** Tasks running now for the account (tests, diagnostics). */
  inUse(accountId: number): number {
    return this.running.get(accountId) ?? 0
  }
}
