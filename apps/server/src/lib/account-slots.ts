import { msg } from '@teplo/domain'
import { HttpError } from './api-error.ts'
import { runHeavy } from './statement-priority.ts'

/** What a caller is told when all of its slots are taken. */
export const HEAVY_READS_BUSY = msg('server.load.accountBusy')

/** What a caller is told when the instance has no room for another heavy read (all accounts together). */
export const HEAVY_READS_SERVER_BUSY = msg('server.load.readingsFirst')

export type AccountSlotsOptions = {
  /** Heavy reads one account runs at once; one more is refused with 429. */
  perAccount: number
  /** Heavy reads the instance runs or holds at once, all accounts together; one more is refused with 503. */
  perInstance: number
  retryAfterSeconds: number
  /** Longest a heavy read waits to start while `yieldWhile`'s condition holds, then 503. */
  maxYieldMs: number
  /** How often the condition is asked again while a read waits. */
  yieldPollMs?: number
}

/**
 * At most `perAccount` tasks of one account run at once; one more is refused at once with 429 and Retry-After,
 * never queued: a queue would grow with every impatient reload while the account's earlier reads still run.
 * Another account's tasks are never held back by this one's. All accounts together hold at most `perInstance`
 * (503 beyond), and while the live path falls behind (`yieldWhile`: the ingest's oldest unstored message is old)
 * a task waits before it starts, so that the devices' readings and the live screens keep the machine first
 * (ADR 039 addendum 5).
 */
export class AccountSlots {
  private readonly running = new Map<number, number>()
  private total = 0
  private busy: () => boolean = () => false

  constructor(readonly options: AccountSlotsOptions) {}

  get limit(): number {
    return this.options.perAccount
  }

  /** Heavy reads wait to start while `busy()` is true (the device link's ingest falling behind). */
  yieldWhile(busy: () => boolean): void {
    this.busy = busy
  }

  async run<T>(accountId: number, task: () => Promise<T>): Promise<T> {
    const taken = this.running.get(accountId) ?? 0
    if (taken >= this.options.perAccount) {
      throw new HttpError(429, HEAVY_READS_BUSY, { retryAfterSeconds: this.options.retryAfterSeconds })
    }
    if (this.total >= this.options.perInstance) {
      throw new HttpError(503, HEAVY_READS_SERVER_BUSY, {
        retryAfterSeconds: this.options.retryAfterSeconds,
      })
    }
    this.running.set(accountId, taken + 1)
    this.total += 1
    try {
      await this.waitForQuiet()
      return await runHeavy(task)
    } finally {
      this.total -= 1
      const left = (this.running.get(accountId) ?? 1) - 1
      if (left > 0) this.running.set(accountId, left)
      else this.running.delete(accountId)
    }
  }

  private async waitForQuiet(): Promise<void> {
    if (!this.busy()) return
    const poll = this.options.yieldPollMs ?? 50
    const until = Date.now() + this.options.maxYieldMs
    while (this.busy()) {
      if (Date.now() >= until) {
        throw new HttpError(503, HEAVY_READS_SERVER_BUSY, {
          retryAfterSeconds: this.options.retryAfterSeconds,
        })
      }
      await new Promise((resolve) => setTimeout(resolve, poll))
    }
  }

  /** Tasks running now for the account (tests, diagnostics). */
  inUse(accountId: number): number {
    return this.running.get(accountId) ?? 0
  }

  /** Tasks running or waiting to start now, all accounts together. */
  inUseAll(): number {
    return this.total
  }
}
