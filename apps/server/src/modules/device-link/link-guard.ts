import type { FastifyBaseLogger } from 'fastify'

/** What the broker refused: a login (wrong credentials, client id), a packet over the limit, a publish. */
export type RefusalKind = 'credentials' | 'client-id' | 'rate-limited' | 'protocol' | 'oversize' | 'publish'

export type LinkGuardOptions = {
  log: FastifyBaseLogger
  /** Failed logins one address may make within the window before its next CONNECTs are refused unchecked. */
  maxFailedLogins?: number
  windowMs?: number
  /** How often the summary line is written (when anything was refused). */
  reportEveryMs?: number
  now?: () => number
}

export const FAILED_LOGINS_PER_ADDRESS = 10
export const FAILED_LOGIN_WINDOW_MS = 60_000
export const REFUSALS_REPORT_MS = 10_000
const MAX_ADDRESSES = 50_000
const LOGIN_FAILURES: readonly RefusalKind[] = ['credentials', 'client-id']

/**
 * Failed device logins counted per address (an address over the limit is refused without a database read
 * until its window ends) and every refusal of the broker summed up in one log line per interval, not one line
 * per failure: a thousand wrong passwords write one line.
 */
export class LinkGuard {
  private readonly failures = new Map<string, { count: number; since: number }>()
  private counts = new Map<RefusalKind, number>()
  private byAddress = new Map<string, number>()
  private lastUsername: string | undefined
  private readonly timer: NodeJS.Timeout
  private readonly max: number
  private readonly windowMs: number
  private readonly now: () => number

  constructor(private readonly options: LinkGuardOptions) {
    this.max = options.maxFailedLogins ?? FAILED_LOGINS_PER_ADDRESS
    this.windowMs = options.windowMs ?? FAILED_LOGIN_WINDOW_MS
    this.now = options.now ?? Date.now
    this.timer = setInterval(() => this.report(), options.reportEveryMs ?? REFUSALS_REPORT_MS)
    this.timer.unref()
  }

  /** True while the address has used up its failed logins for the current window. */
  limited(address: string | undefined): boolean {
    if (!address) return false
    const entry = this.failures.get(address)
    if (!entry) return false
    if (this.now() - entry.since >= this.windowMs) {
      this.failures.delete(address)
      return false
    }
    return entry.count >= this.max
  }

  /** Counts a refusal for the next summary; a failed login also counts against its address. */
  refused(kind: RefusalKind, address: string | undefined, username?: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1)
    const key = address ?? 'unknown'
    if (this.byAddress.size < MAX_ADDRESSES || this.byAddress.has(key)) {
      this.byAddress.set(key, (this.byAddress.get(key) ?? 0) + 1)
    }
    if (username !== undefined) this.lastUsername = username.slice(0, 64)
    if (!address || !LOGIN_FAILURES.includes(kind)) return
    const now = this.now()
    const entry = this.failures.get(address)
    if (!entry || now - entry.since >= this.windowMs) {
      if (this.failures.size >= MAX_ADDRESSES) this.failures.clear()
      this.failures.set(address, { count: 1, since: now })
    } else entry.count += 1
  }

  /** Writes the summary of the refusals since the last one, if any (also called on close and by tests). */
  report(): void {
    if (this.counts.size === 0) return
    const top = [...this.byAddress.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([address, count]) => ({ address, count }))
    this.options.log.warn(
      {
        refused: Object.fromEntries(this.counts),
        addresses: this.byAddress.size,
        top,
        lastUsername: this.lastUsername,
      },
      'device link: connections and messages refused since the last report',
    )
    this.counts = new Map()
    this.byAddress = new Map()
    this.lastUsername = undefined
  }

  close(): void {
    clearInterval(this.timer)
    this.report()
  }
}
