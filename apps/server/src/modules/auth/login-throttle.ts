import { isIP } from 'node:net'

// Failed sign-ins, counted in memory on each instance (like the route rate limits). The rule is to slow the
// attackers, never the owner: a failure counts against the address it came from, and against the account only
// for addresses that have themselves failed on it.
// - per address across all e-mails: password spraying (one guess at many accounts) stops after
//   ADDRESS_FAILURES failures in ADDRESS_WINDOW_MS;
// - per account across all addresses: after ACCOUNT_FREE_FAILURES failures each further attempt *from an address
//   that has failed on this account* waits 1, 2, 4, … up to ACCOUNT_MAX_DELAY_MS after the account's last
//   failure. An address with no failures on the account (the owner at home, on the phone) is not held back by
//   failures elsewhere, so nobody can lock the owner out by guessing from many addresses.
// Unknown e-mails count the same, so the answer says nothing about who is registered. IPv6 addresses count per
// /64 (one household or server gets a whole /64, rotating inside it is free).
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

/** The unit an address counts in: an IPv4 address, or the /64 network of an IPv6 one. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

export class LoginThrottle {
  private readonly addresses = new Map<string, Window>()
  private readonly accounts = new Map<string, Streak>()
  // When an address last failed on an account (`address email`).
  private readonly pairs = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before this address may try this e-mail; 0 when it may try now. */
  waitSeconds(address: string, email: string): number {
    const now = this.now()
    const key = addressKey(address)
    const window = this.addresses.get(key)
    let waitMs = 0
    if (window && now - window.startedAt < LOGIN_LIMITS.addressWindowMs) {
      if (window.count >= LOGIN_LIMITS.addressFailures)
        waitMs = window.startedAt + LOGIN_LIMITS.addressWindowMs - now
    }
    const streak = this.accounts.get(email)
    const failedHere = this.pairs.get(`${key} ${email}`)
    if (
      streak &&
      now - streak.lastAt < LOGIN_LIMITS.accountForgetMs &&
      failedHere !== undefined &&
      now - failedHere < LOGIN_LIMITS.accountForgetMs
    ) {
      waitMs = Math.max(waitMs, streak.lastAt + accountDelayMs(streak.failures) - now)
    }
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0
  }

  failed(address: string, email: string): void {
    const now = this.now()
    const key = addressKey(address)
    const window = this.addresses.get(key)
    if (window && now - window.startedAt < LOGIN_LIMITS.addressWindowMs) window.count++
    else remember(this.addresses, key, { count: 1, startedAt: now })
    const streak = this.accounts.get(email)
    const failures = streak && now - streak.lastAt < LOGIN_LIMITS.accountForgetMs ? streak.failures + 1 : 1
    remember(this.accounts, email, { failures, lastAt: now })
    remember(this.pairs, `${key} ${email}`, now)
  }

  /**
   * The right password from this address: the address is no longer held back on the account. The account's
   * count stays, so that someone guessing from other addresses gains nothing from the owner signing in.
   */
  succeeded(address: string, email: string): void {
    this.pairs.delete(`${addressKey(address)} ${email}`)
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
