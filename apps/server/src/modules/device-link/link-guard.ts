import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'

/** What the broker refused: a login (wrong credentials, client id), a packet over the limit, a publish. */
export type RefusalKind =
  | 'credentials'
  | 'client-id'
  | 'unlinked'
  | 'rate-limited'
  | 'protocol'
  | 'oversize'
  | 'publish'

/** One CONNECT as the guard sees it: where it came from, who it says it is and a digest of what it offered. */
export type LoginAttempt = {
  address: string | undefined
  /** The identity a login claims: client id and user name (a device's serial). */
  clientId: string
  username: string | undefined
  password: Buffer | string | undefined
}

/** Why a login is refused unchecked: its identity used up its tries, or its address did. */
export type LoginLimit = 'identity' | 'address'

export type LinkGuardOptions = {
  log: FastifyBaseLogger
  /** Failed logins of one identity with one secret within the window before that pair is refused unchecked. */
  maxFailedPerSecret?: number
  /** Different wrong secrets tried for one identity within the window before every secret is refused unchecked. */
  maxSecretsPerIdentity?: number
  /** Failed logins one address may make within the window before its next CONNECTs are refused unchecked. */
  maxFailedLogins?: number
  windowMs?: number
  /** How often the summary line is written (when anything was refused). */
  reportEveryMs?: number
  now?: () => number
}

export const FAILED_LOGINS_PER_SECRET = 5
export const WRONG_SECRETS_PER_IDENTITY = 20
export const FAILED_LOGINS_PER_ADDRESS = 300
export const FAILED_LOGIN_WINDOW_MS = 60_000
export const REFUSALS_REPORT_MS = 10_000
const MAX_ENTRIES = 50_000

type Window = { count: number; since: number }
type Secrets = { digests: Set<string>; since: number }

const identityOf = (attempt: LoginAttempt) => `${attempt.clientId}\n${attempt.username ?? ''}`
// Only a digest of what was offered is kept in memory, never the secret itself.
const digestOf = (password: Buffer | string | undefined) =>
  password === undefined ? '' : createHash('sha256').update(password).digest('base64url').slice(0, 16)

/**
 * Failed device logins are counted per identity and secret, per identity (different secrets) and per address,
 * each in a window. A controller retrying a revoked secret uses up its own tries only: the same serial with its
 * new secret, and other serials behind the same address, are still checked; an address is refused only after
 * far more failures than one device makes. Every refusal of the broker is summed up in one log line per
 * interval, not one line per failure: a thousand wrong passwords write one line.
 */
export class LinkGuard {
  private readonly perSecret = new Map<string, Window>()
  private readonly perIdentity = new Map<string, Secrets>()
  private readonly perAddress = new Map<string, Window>()
  private counts = new Map<RefusalKind, number>()
  private byAddress = new Map<string, number>()
  private lastUsername: string | undefined
  private readonly timer: NodeJS.Timeout
  private readonly maxPerSecret: number
  private readonly maxSecrets: number
  private readonly maxPerAddress: number
  private readonly windowMs: number
  private readonly now: () => number

  constructor(private readonly options: LinkGuardOptions) {
    this.maxPerSecret = options.maxFailedPerSecret ?? FAILED_LOGINS_PER_SECRET
    this.maxSecrets = options.maxSecretsPerIdentity ?? WRONG_SECRETS_PER_IDENTITY
    this.maxPerAddress = options.maxFailedLogins ?? FAILED_LOGINS_PER_ADDRESS
    this.windowMs = options.windowMs ?? FAILED_LOGIN_WINDOW_MS
    this.now = options.now ?? Date.now
    this.timer = setInterval(() => this.report(), options.reportEveryMs ?? REFUSALS_REPORT_MS)
    this.timer.unref()
  }

  /** Whether this login is refused without a check, and why; null: check it. */
  limited(attempt: LoginAttempt): LoginLimit | null {
    const identity = identityOf(attempt)
    if (this.count(this.perSecret, `${identity}\n${digestOf(attempt.password)}`) >= this.maxPerSecret)
      return 'identity'
    const secrets = this.current(this.perIdentity, identity)
    if (secrets && secrets.digests.size >= this.maxSecrets) return 'identity'
    if (attempt.address && this.count(this.perAddress, attempt.address) >= this.maxPerAddress)
      return 'address'
    return null
  }

  /** True while the address has used up its failed logins for the current window. */
  addressLimited(address: string): boolean {
    return this.count(this.perAddress, address) >= this.maxPerAddress
  }

  /** A checked login failed (wrong secret, unknown serial, wrong client id): counted against all three. */
  loginFailed(kind: 'credentials' | 'client-id', attempt: LoginAttempt): void {
    this.refused(kind, attempt.address, attempt.username)
    const identity = identityOf(attempt)
    const digest = digestOf(attempt.password)
    this.bump(this.perSecret, `${identity}\n${digest}`)
    const now = this.now()
    const secrets = this.current(this.perIdentity, identity)
    if (secrets) {
      if (secrets.digests.size < this.maxSecrets) secrets.digests.add(digest)
    } else {
      if (this.perIdentity.size >= MAX_ENTRIES) this.perIdentity.clear()
      this.perIdentity.set(identity, { digests: new Set([digest]), since: now })
    }
    if (attempt.address) this.bump(this.perAddress, attempt.address)
  }

  /** Counts a refusal for the next summary. */
  refused(kind: RefusalKind, address: string | undefined, username?: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1)
    const key = address ?? 'unknown'
    if (this.byAddress.size < MAX_ENTRIES || this.byAddress.has(key)) {
      this.byAddress.set(key, (this.byAddress.get(key) ?? 0) + 1)
    }
    if (username !== undefined) this.lastUsername = username.slice(0, 64)
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

  /** The entry of the current window, or undefined (an expired one is forgotten). */
  private current<T extends { since: number }>(map: Map<string, T>, key: string): T | undefined {
    const entry = map.get(key)
    if (entry && this.now() - entry.since >= this.windowMs) {
      map.delete(key)
      return undefined
    }
    return entry
  }

  private count(map: Map<string, Window>, key: string): number {
    return this.current(map, key)?.count ?? 0
  }

  private bump(map: Map<string, Window>, key: string): void {
    const entry = this.current(map, key)
    if (entry) entry.count += 1
    else {
      if (map.size >= MAX_ENTRIES) map.clear()
      map.set(key, { count: 1, since: this.now() })
    }
  }
}
