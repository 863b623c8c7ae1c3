// Who a bearer token belongs to, remembered for a few seconds so that a burst of reads does not ask the database
// the same question for every request (ADR 020). Keyed by the token's SHA-256, as the database keys it.
//
// Correctness does not rest on the lifetime: whatever ends or changes an account's access (sign-out, a new
// password, a password reset, other roles, the account deleted) announces `user.access-changed` after its
// commit, and the account's entries are dropped at once — on other instances through the cluster bridge. The
// lifetime only bounds how long a missed announcement (the bridge reconnecting) could be honoured.

export const TOKEN_CACHE_TTL_MS = 10_000
export const TOKEN_CACHE_MAX_ENTRIES = 10_000

type Entry<Value> = { value: Value; userId: number; until: number }

export class TokenCache<Value extends { userId: number }> {
  private readonly entries = new Map<string, Entry<Value>>()
  // Bumped by every invalidation: a lookup that started before one must not store what it read.
  private generation = 0

  constructor(
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly maxEntries = TOKEN_CACHE_MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.entries.size
  }

  /** The generation to hand back to `set` after reading the database. */
  begin(): number {
    return this.generation
  }

  get(key: string, now = Date.now()): Value | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.until <= now) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  /** Remembers a token read from the database, unless an invalidation happened since `begin()`. */
  set(key: string, value: Value, tokenExpiresAt: Date, generation: number, now = Date.now()): void {
    if (generation !== this.generation || this.ttlMs <= 0) return
    const until = Math.min(now + this.ttlMs, tokenExpiresAt.getTime())
    if (until <= now) return
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, userId: value.userId, until })
  }

  /** Forgets every token of one account, or of all accounts (null). */
  forget(userId: number | null): void {
    this.generation++
    if (userId === null) {
      this.entries.clear()
      return
    }
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key)
  }
}
