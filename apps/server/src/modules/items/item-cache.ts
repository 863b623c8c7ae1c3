import type { ShareLevel } from '@teplo/domain'
import type { ItemRow } from './item-document.ts'

// Devices recently read by `GET /items/{id}`, with the share level of each account that read them, so that a
// burst of reads of one device (a dashboard, a poller) is answered without the database (ADR 028).
//
// Correctness does not rest on the lifetime: whatever changes a device or who may see it announces
// `item.updated` / `item.deleted` (or `user.access-changed` for an account) after its commit, and the entry is
// dropped before the next request is read — on other instances through the cluster bridge. A read that was in
// flight when the announcement came does not store its (older) answer. The lifetime only bounds how long a
// missed announcement could be honoured.

export const ITEM_CACHE_TTL_MS = 10_000
export const ITEM_CACHE_MAX_ENTRIES = 5_000
// Accounts remembered per device; a device shared with more is read from the database for the others.
export const ITEM_CACHE_MAX_READERS = 64
// Pages of the device list remembered (per account, scope, sort, filter and page).
export const ITEM_CACHE_MAX_PAGES = 1_000
// Wire resources remembered per device (one per access level and view a reader had).
const MAX_VIEWS = 8

/** One device as read, and the share level (null: none) of each account that read it. */
export type CachedItem = {
  readonly item: ItemRow
  readonly shares: ReadonlyMap<number, ShareLevel | null>
  readonly until: number
  /** Resources already built from `item`, by view (access level and whether service data is shown). */
  readonly views: Map<string, unknown>
}

/** A read of the database in flight; `stale` once an announcement about its device came meanwhile. */
export type PendingRead = { stale: boolean }

export class ItemCache {
  private readonly entries = new Map<number, CachedItem>()
  private readonly pending = new Map<number, Set<PendingRead>>()
  private readonly pages = new Map<string, { value: unknown; until: number }>()
  // Bumped by every announcement: a page read before one is not stored.
  private listGeneration = 0
  private suspended = false

  constructor(
    private readonly ttlMs = ITEM_CACHE_TTL_MS,
    private readonly maxEntries = ITEM_CACHE_MAX_ENTRIES,
    private readonly maxReaders = ITEM_CACHE_MAX_READERS,
  ) {}

  get size(): number {
    return this.entries.size
  }

  get pageCount(): number {
    return this.pages.size
  }

  /** The device as remembered, if `userId` has read it (their share level is known) and it is still fresh. */
  get(itemId: number, userId: number, now = Date.now()): CachedItem | undefined {
    const entry = this.entries.get(itemId)
    if (!entry) return undefined
    if (entry.until <= now) {
      this.entries.delete(itemId)
      return undefined
    }
    return entry.shares.has(userId) ? entry : undefined
  }

  /** Whether anything is remembered at all (a lifetime above 0, and not suspended). */
  get enabled(): boolean {
    return this.ttlMs > 0 && !this.suspended
  }

  /**
   * The device as remembered, whoever read it: for a list, whose page (and the caller's share on each device) is
   * read from the database each time.
   */
  peek(itemId: number, now = Date.now()): CachedItem | undefined {
    const entry = this.entries.get(itemId)
    if (!entry) return undefined
    if (entry.until <= now) {
      this.entries.delete(itemId)
      return undefined
    }
    return entry
  }

  /** Call before reading the device from the database; hand the result to `set` (or `abandon` on failure). */
  begin(itemId: number): PendingRead {
    const read: PendingRead = { stale: false }
    let reads = this.pending.get(itemId)
    if (!reads) {
      reads = new Set()
      this.pending.set(itemId, reads)
    }
    reads.add(read)
    return read
  }

  abandon(itemId: number, read: PendingRead): void {
    const reads = this.pending.get(itemId)
    if (!reads) return
    reads.delete(read)
    if (reads.size === 0) this.pending.delete(itemId)
  }

  /**
   * Remembers what the database answered for one reader, unless the device was announced changed since `begin`.
   * Returns the entry to build the answer from (undefined: not remembered).
   */
  set(
    itemId: number,
    userId: number,
    item: ItemRow,
    share: ShareLevel | null,
    read: PendingRead,
    now = Date.now(),
  ): CachedItem | undefined {
    this.abandon(itemId, read)
    if (read.stale || this.suspended || this.ttlMs <= 0) return undefined
    const previous = this.entries.get(itemId)
    const fresh = previous && previous.until > now ? previous : undefined
    if (fresh && !fresh.shares.has(userId) && fresh.shares.size >= this.maxReaders) return undefined
    // Other readers' levels stay valid: any change of them would have dropped the entry. The entry never
    // outlives the oldest answer in it.
    const shares = new Map(fresh?.shares)
    shares.set(userId, share)
    const entry: CachedItem = { item, shares, until: fresh?.until ?? now + this.ttlMs, views: new Map() }
    if (!previous && this.entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(itemId, entry)
    return entry
  }

  /** A resource built once per entry and view. */
  view<Resource>(entry: CachedItem, key: string, build: () => Resource): Resource {
    const known = entry.views.get(key)
    if (known !== undefined) return known as Resource
    const built = build()
    if (entry.views.size < MAX_VIEWS) entry.views.set(key, built)
    return built
  }

  /**
   * A page of the device list as remembered. Any announcement at all forgets every page (a device changed may
   * enter, leave or move in any list), so a page is only ever answered between two changes.
   */
  getPage<Page>(key: string, now = Date.now()): Page | undefined {
    const page = this.pages.get(key)
    if (!page) return undefined
    if (page.until <= now) {
      this.pages.delete(key)
      return undefined
    }
    return page.value as Page
  }

  /** Call before reading a page from the database; hand the result to `setPage`. */
  beginPage(): number {
    return this.listGeneration
  }

  setPage(key: string, value: unknown, generation: number, now = Date.now()): void {
    if (generation !== this.listGeneration || !this.enabled) return
    if (!this.pages.has(key) && this.pages.size >= ITEM_CACHE_MAX_PAGES) {
      const oldest = this.pages.keys().next()
      if (!oldest.done) this.pages.delete(oldest.value)
    }
    this.pages.set(key, { value, until: now + this.ttlMs })
  }

  /** Forgets every page of the device list (also what page reads in flight will answer). */
  invalidateLists(): void {
    this.listGeneration++
    this.pages.clear()
  }

  /** A device changed or was deleted: forget it, and what reads in flight will answer. */
  invalidate(itemId: number): void {
    this.entries.delete(itemId)
    for (const read of this.pending.get(itemId) ?? []) read.stale = true
    this.invalidateLists()
  }

  /** An account's access changed (or the account is gone): forget the devices it holds or has read. */
  forgetUser(userId: number): void {
    for (const [itemId, entry] of this.entries) {
      if (entry.item.userId === userId || entry.shares.has(userId)) this.entries.delete(itemId)
    }
    this.markPendingStale()
    this.invalidateLists()
  }

  /** Forgets everything, including what reads in flight will answer. */
  clear(): void {
    this.entries.clear()
    this.markPendingStale()
    this.invalidateLists()
  }

  /**
   * Announcements from other instances may be missed (the cluster bridge lost its connection): nothing is
   * remembered or answered from memory until `resume`.
   */
  suspend(): void {
    this.suspended = true
    this.clear()
  }

  resume(): void {
    this.clear()
    this.suspended = false
  }

  private markPendingStale(): void {
    for (const reads of this.pending.values()) for (const read of reads) read.stale = true
  }
}
