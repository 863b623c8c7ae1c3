// Failed sign-ins, counted in memory on each instance (like the route rate limits):
// - per address across all e-mails: password spraying (one guess at many accounts) stops after
//   ADDRESS_FAILURES failures in ADDRESS_WINDOW_MS;
// - per account across all addresses: after ACCOUNT_FREE_FAILURES failures each further attempt waits
//   1, 2, 4, … up to ACCOUNT_MAX_DELAY_MS after the last failure. Unknown e-mails count the same, so the answer
//   says nothing about who is registered; the cap keeps a stranger from locking the owner out for long.
export const LOGIN_LIMITS = {
  addressFailures: 30,
  addressWindowMs: 10 * 60_000,
  accountFreeFailures: 5,
  accountMaxDelayMs: 60_000,
  accountForgetMs: 15 * 60_000,
  // Entries kept at most per map; the oldest go first.
  maxEntries: 10_000,
} as const

type Window = { count: number; startedAt: number }
type Streak = { failures: number; lastAt: number }

export class LoginThrottle {
  private readonly addresses = new Map<string, Window>()
  private readonly accounts = new Map<string, Streak>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before this address may try this e-mail; 0 when it may try now. */
  waitSeconds(address: string, email: string): number {
    const now = this.now()
    const window = this.addresses.get(address)
    let waitMs = 0
    if (window && now - window.startedAt < LOGIN_LIMITS.addressWindowMs) {
      if (window.count >= LOGIN_LIMITS.addressFailures)
        waitMs = window.startedAt + LOGIN_LIMITS.addressWindowMs - now
    }
    const streak = this.accounts.get(email)
    if (streak && now - streak.lastAt < LOGIN_LIMITS.accountForgetMs) {
      waitMs = Math.max(waitMs, streak.lastAt + accountDelayMs(streak.failures) - now)
    }
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0
  }

  failed(address: string, email: string): void {
    const now = this.now()
    const window = this.addresses.get(address)
    if (window && now - window.startedAt < LOGIN_LIMITS.addressWindowMs) window.count++
    else remember(this.addresses, address, { count: 1, startedAt: now })
    const streak = this.accounts.get(email)
    const failures = streak && now - streak.lastAt < LOGIN_LIMITS.accountForgetMs ? streak.failures + 1 : 1
    remember(this.accounts, email, { failures, lastAt: now })
  }

  succeeded(email: string): void {
    this.accounts.delete(email)
  }
}

function accountDelayMs(failures: number): number {
  const over = failures - LOGIN_LIMITS.accountFreeFailures
  return over < 0 ? 0 : Math.min(1000 * 2 ** over, LOGIN_LIMITS.accountMaxDelayMs)
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key)
  if (map.size >= LOGIN_LIMITS.maxEntries) {
    const oldest = map.keys().next().value
    if (oldest !== undefined) map.delete(oldest)
  }
  map.set(key, value)
}
