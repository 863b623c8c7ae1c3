import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { AppEventBus, AppEvents } from '../../lib/events.ts'

export const LIVE_CHANNEL = 'teplo_live'
// Reconnecting after a lost connection: the first retry after RECONNECT_MS, doubling up to RECONNECT_MAX_MS.
const RECONNECT_MS = 1000
const RECONNECT_MAX_MS = 30_000
// PostgreSQL's NOTIFY payload limit is 8000 bytes; 500 ids of up to 10 digits stay well below it.
const IDS_PER_NOTICE = 500

type Notice = {
  from: string
  updated?: number[]
  deleted?: number[]
  access?: number[]
  notified?: number[]
  categories?: number[]
}

/** What the bridge drives on this instance: the live hub. */
export interface LiveTarget {
  itemUpdated(itemId: number): void
  itemDeleted(itemId: number): void
  userNotified?(userId: number): void
  categoryChanged?(categoryId: number): void
}

export type ClusterBridgeOptions = {
  databaseUrl: string
  events: AppEventBus
  target: LiveTarget
  log: FastifyBaseLogger
  /** First reconnect delay (tests shorten it); it doubles after each failed attempt, up to 30 s. */
  reconnectMs?: number
  /**
   * An account's access changed on another instance (its tokens must be read again), or null: announcements
   * may have been missed while the bridge was disconnected, so every remembered token must be.
   */
  accessChanged?: (userId: number | null) => void
  /**
   * The connection was lost (false: announcements from other instances may be missed from now on) or made again
   * (true). What this instance remembers about devices must not be answered while it is down.
   */
  linkChanged?: (connected: boolean) => void
}

/**
 * Several server instances on one PostgreSQL: a device's messages may be ingested by one instance while a
 * browser watches it through another. Each instance announces its item changes with NOTIFY and passes the
 * others' announcements to its own live hub (never back onto its event bus, so nothing echoes).
 */
export class ClusterBridge {
  readonly id = randomBytes(6).toString('hex')
  private client: pg.Client | null = null
  private closed = false
  private timer: NodeJS.Immediate | null = null
  // The one pending reconnect attempt: a failed connect reports twice (its promise and the client's end event),
  // and each report scheduling its own retry doubled the attempts on every failure until PostgreSQL ran out of
  // connections.
  private retry: NodeJS.Timeout | null = null
  private failures = 0
  private readonly updated = new Set<number>()
  private readonly deleted = new Set<number>()
  private readonly access = new Set<number>()
  private readonly notified = new Set<number>()
  private readonly categories = new Set<number>()
  private readonly onCategory = ({ categoryId }: AppEvents['category.changed'][0]) =>
    this.queue(this.categories, categoryId)
  private readonly onNotified = ({ userId }: AppEvents['notifications.changed'][0]) =>
    this.queue(this.notified, userId)
  private readonly onUpdated = ({ itemId }: AppEvents['item.updated'][0]) => this.queue(this.updated, itemId)
  private readonly onDeleted = ({ itemId }: AppEvents['item.deleted'][0]) => this.queue(this.deleted, itemId)
  // Not batched: a signed-out token must stop working on the other instances as soon as possible.
  private readonly onAccessChanged = ({ userId }: AppEvents['user.access-changed'][0]) => {
    this.access.add(userId)
    void this.flush()
  }

  private constructor(private readonly options: ClusterBridgeOptions) {}

  static async start(options: ClusterBridgeOptions): Promise<ClusterBridge> {
    const bridge = new ClusterBridge(options)
    await bridge.connect()
    options.events.on('item.updated', bridge.onUpdated)
    options.events.on('item.deleted', bridge.onDeleted)
    options.events.on('user.access-changed', bridge.onAccessChanged)
    options.events.on('notifications.changed', bridge.onNotified)
    options.events.on('category.changed', bridge.onCategory)
    return bridge
  }

  async close(): Promise<void> {
    this.closed = true
    this.options.events.off('item.updated', this.onUpdated)
    this.options.events.off('item.deleted', this.onDeleted)
    this.options.events.off('user.access-changed', this.onAccessChanged)
    this.options.events.off('notifications.changed', this.onNotified)
    this.options.events.off('category.changed', this.onCategory)
    if (this.timer) clearImmediate(this.timer)
    if (this.retry) clearTimeout(this.retry)
    await this.flush()
    await this.client?.end().catch(() => {})
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl })
    client.on('notification', (message) => this.receive(message.payload))
    client.on('error', (err) => this.options.log.warn({ err: err.message }, 'live: cluster connection error'))
    client.on('end', () => {
      if (this.client !== client) return
      this.client = null
      this.options.linkChanged?.(false)
      this.scheduleReconnect()
    })
    try {
      await client.connect()
      await client.query(`listen ${LIVE_CHANNEL}`)
    } catch (err) {
      await client.end().catch(() => {})
      throw err
    }
    // After a lost connection: what other instances announced meanwhile never arrived.
    if (this.reconnecting) this.options.accessChanged?.(null)
    this.reconnecting = false
    this.client = client
    this.failures = 0
    this.options.linkChanged?.(true)
  }

  private reconnecting = false

  private scheduleReconnect(): void {
    this.reconnecting = true
    if (this.closed || this.retry) return
    const first = this.options.reconnectMs ?? RECONNECT_MS
    const delay = Math.min(RECONNECT_MAX_MS, first * 2 ** Math.min(this.failures, 16))
    this.retry = setTimeout(() => {
      this.retry = null
      this.connect().catch((err: unknown) => {
        this.failures += 1
        this.options.log.warn({ err, failures: this.failures }, 'live: cluster reconnect failed')
        this.scheduleReconnect()
      })
    }, delay)
    this.retry.unref()
  }

  // Sent once the code that announced the change has run (a batch of ingest announces many devices at once):
  // other instances drop what they remember about a device as soon as possible (ADR 028). Announcements made
  // while a NOTIFY is on its way are sent together by the next one.
  private queue(set: Set<number>, itemId: number): void {
    set.add(itemId)
    if (!this.timer && !this.closed) {
      this.timer = setImmediate(() => {
        this.timer = null
        void this.flush()
      })
    }
  }

  // One flush at a time: the single pg client must not run two queries at once.
  private flushing: Promise<void> = Promise.resolve()

  private flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.send())
    return this.flushing
  }

  /** Whether announcements of this instance are waiting to be sent. */
  get pending(): boolean {
    return (
      this.updated.size + this.deleted.size + this.access.size + this.notified.size + this.categories.size > 0
    )
  }

  /**
   * Sends what is waiting now and resolves once it has been sent (or sending failed, which is logged): a write
   * answers its client only after the other instances have been told, so a read that client sends to another
   * instance next does not find what that instance remembered from before (ADR 028).
   */
  announced(): Promise<void> {
    if (this.timer) {
      clearImmediate(this.timer)
      this.timer = null
    }
    return this.pending ? this.flush() : this.flushing
  }

  private async send(): Promise<void> {
    const updated = [...this.updated]
    const deleted = [...this.deleted]
    const access = [...this.access]
    const notified = [...this.notified]
    const categories = [...this.categories]
    this.notified.clear()
    this.categories.clear()
    this.updated.clear()
    this.deleted.clear()
    this.access.clear()
    const client = this.client
    if (
      !client ||
      (updated.length === 0 &&
        deleted.length === 0 &&
        access.length === 0 &&
        notified.length === 0 &&
        categories.length === 0)
    )
      return
    try {
      for (const [kind, ids] of [
        ['access', access],
        ['updated', updated],
        ['deleted', deleted],
        ['notified', notified],
        ['categories', categories],
      ] as const) {
        for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
          const notice: Notice = { from: this.id, [kind]: ids.slice(i, i + IDS_PER_NOTICE) }
          await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(notice)])
        }
      }
    } catch (err) {
      this.options.log.warn({ err }, 'live: could not announce item changes')
    }
  }

  private receive(payload: string | undefined): void {
    let notice: Notice
    try {
      notice = JSON.parse(payload ?? '') as Notice
    } catch {
      return
    }
    if (notice.from === this.id) return
    for (const id of notice.updated ?? []) if (Number.isInteger(id)) this.options.target.itemUpdated(id)
    for (const id of notice.deleted ?? []) if (Number.isInteger(id)) this.options.target.itemDeleted(id)
    for (const id of notice.access ?? []) if (Number.isInteger(id)) this.options.accessChanged?.(id)
    for (const id of notice.notified ?? []) if (Number.isInteger(id)) this.options.target.userNotified?.(id)
    for (const id of notice.categories ?? [])
      if (Number.isInteger(id)) this.options.target.categoryChanged?.(id)
  }
}
