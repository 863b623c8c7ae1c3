import type { ItemAccess } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { newestNotifications, unreadCount } from '../alarms/notifications.service.ts'
import { accessOf, type Caller, can, findItem, sharesOf } from '../items/item-access.ts'
import { type ItemRow, itemResource } from '../items/item-document.ts'

/** One browser stream watching one item. */
export interface LiveSubscriber {
  /** Whose stream it is: what they see follows their access as it is at each push (ADR 018). */
  viewer: Caller
  send(event: string, data: string): void
  /** Every heartbeat period; the stream may close itself here (signed out, too slow). */
  heartbeat(): void
  /** The account's sessions changed (one signed out): the stream closes if its own has ended. */
  checkSession?(): void
  /** retryMs when the server stops: the browser is told when to reconnect. */
  close(retryMs?: number): void
}

type ItemChannel = {
  subscribers: Set<LiveSubscriber>
  /** When the last push went out (after its read), so pushes are spaced by coalesceMs on the wire. */
  lastPushAt: number
  timer: NodeJS.Timeout | null
  pushing: boolean
  dirty: boolean
}

export type LiveHubOptions = {
  db: Database
  log: FastifyBaseLogger
  /** At most one push per item per this many ms; a burst ends with the newest state. */
  coalesceMs?: number
  heartbeatMs?: number
}

/** The item's document as GET /api/v2/items/{id} answers it to a viewer with this access. */
export function itemDocument(viewer: Caller, item: ItemRow, access: ItemAccess): string {
  return JSON.stringify({
    data: itemResource(item, { showCode: can(viewer, access, 'service'), access, language: viewer.language }),
  })
}

/** A viewer whose access ended (share revoked, device handed on) is told so and the stream closes at once. */
export const REVOKED_EVENT = 'revoked'

/** Spread over 1–5 s, so that the browsers of a stopped server do not all come back in the same instant. */
function reconnectDelayMs(): number {
  return 1000 + Math.floor(Math.random() * 4000)
}

/**
 * Fans item changes out to the browsers watching them. Work is per watched item, not per message: a device
 * nobody is looking at costs one map lookup per update.
 */
export class LiveHub {
  private readonly channels = new Map<number, ItemChannel>()
  /** Account streams (no item): the account's notifications, as they come. */
  private readonly users = new Map<number, Set<LiveSubscriber>>()
  private readonly userTimers = new Map<number, NodeJS.Timeout>()
  private readonly heartbeatTimer: NodeJS.Timeout
  private readonly coalesceMs: number
  private closed = false

  constructor(private readonly options: LiveHubOptions) {
    this.coalesceMs = options.coalesceMs ?? 200
    this.heartbeatTimer = setInterval(() => this.sendHeartbeats(), options.heartbeatMs ?? 15_000)
    this.heartbeatTimer.unref()
  }

  get watcherCount(): number {
    let count = 0
    for (const channel of this.channels.values()) count += channel.subscribers.size
    for (const set of this.users.values()) count += set.size
    return count
  }

  subscribe(itemId: number, subscriber: LiveSubscriber): () => void {
    // A stream opened while the server stops ends at once, or it would hold the stop open.
    if (this.closed) {
      subscriber.close(reconnectDelayMs())
      return () => {}
    }
    let channel = this.channels.get(itemId)
    if (!channel) {
      channel = { subscribers: new Set(), lastPushAt: 0, timer: null, pushing: false, dirty: false }
      this.channels.set(itemId, channel)
    }
    channel.subscribers.add(subscriber)
    return () => this.unsubscribe(itemId, subscriber)
  }

  /** An account stream: `event: notifications` whenever the account's notifications change. */
  subscribeUser(userId: number, subscriber: LiveSubscriber): () => void {
    if (this.closed) {
      subscriber.close(reconnectDelayMs())
      return () => {}
    }
    let set = this.users.get(userId)
    if (!set) {
      set = new Set()
      this.users.set(userId, set)
    }
    set.add(subscriber)
    return () => {
      set.delete(subscriber)
      if (set.size === 0 && this.users.get(userId) === set) this.users.delete(userId)
    }
  }

  /** An account got a notification or read some: its streams get the unread count and the newest ones. */
  userNotified(userId: number): void {
    if (!this.users.has(userId) || this.userTimers.has(userId)) return
    this.userTimers.set(
      userId,
      setTimeout(
        () => {
          this.userTimers.delete(userId)
          void this.pushUser(userId)
        },
        Math.min(this.coalesceMs, 100),
      ),
    )
  }

  /** The document of `event: notifications`: the newest five and the unread count. */
  async notificationsDocument(userId: number): Promise<string> {
    const [data, unread] = await Promise.all([
      newestNotifications(this.options.db, userId),
      unreadCount(this.options.db, userId),
    ])
    return JSON.stringify({ data, meta: { unread } })
  }

  private async pushUser(userId: number): Promise<void> {
    const subscribers = this.users.get(userId)
    if (!subscribers) return
    try {
      const document = await this.notificationsDocument(userId)
      for (const subscriber of [...subscribers]) subscriber.send('notifications', document)
    } catch (err) {
      this.options.log.error({ err, userId }, 'live: could not push notifications')
    }
  }

  /** An item's stored state changed. */
  itemUpdated(itemId: number): void {
    const channel = this.channels.get(itemId)
    if (!channel) return
    channel.dirty = true
    this.schedule(itemId, channel)
  }

  private schedule(itemId: number, channel: ItemChannel): void {
    if (channel.timer || channel.pushing || !channel.dirty) return
    const wait = Math.max(0, channel.lastPushAt + this.coalesceMs - Date.now())
    channel.timer = setTimeout(async () => {
      channel.timer = null
      channel.dirty = false
      channel.pushing = true
      await this.push(itemId, channel)
      channel.lastPushAt = Date.now()
      channel.pushing = false
      // Changes that came in meanwhile go out one period later, with the state read then.
      if (this.channels.get(itemId) === channel) this.schedule(itemId, channel)
    }, wait)
  }

  itemDeleted(itemId: number): void {
    const channel = this.channels.get(itemId)
    if (!channel) return
    for (const subscriber of [...channel.subscribers]) {
      subscriber.send('deleted', JSON.stringify({ data: { type: 'items', id: String(itemId) } }))
      subscriber.close()
    }
  }

  /** The server stops: every stream ends, telling its browser to reconnect within 1–5 s (spread out). */
  close(): void {
    this.closed = true
    clearInterval(this.heartbeatTimer)
    for (const channel of this.channels.values()) {
      if (channel.timer) clearTimeout(channel.timer)
      for (const subscriber of [...channel.subscribers]) subscriber.close(reconnectDelayMs())
    }
    this.channels.clear()
    for (const timer of this.userTimers.values()) clearTimeout(timer)
    for (const set of this.users.values())
      for (const subscriber of [...set]) subscriber.close(reconnectDelayMs())
    this.users.clear()
  }

  private unsubscribe(itemId: number, subscriber: LiveSubscriber): void {
    const channel = this.channels.get(itemId)
    if (!channel) return
    channel.subscribers.delete(subscriber)
    if (channel.subscribers.size === 0) {
      if (channel.timer) clearTimeout(channel.timer)
      this.channels.delete(itemId)
    }
  }

  private async push(itemId: number, channel: ItemChannel): Promise<void> {
    try {
      const [item, shares] = await Promise.all([
        findItem(this.options.db, itemId),
        sharesOf(this.options.db, itemId),
      ])
      if (!item) return this.itemDeleted(itemId)
      const documents = new Map<string, string>()
      for (const subscriber of [...channel.subscribers]) {
        const { viewer } = subscriber
        const access = accessOf(viewer, item, shares.get(viewer.userId))
        if (access === null) {
          subscriber.send(REVOKED_EVENT, JSON.stringify({ data: { type: 'items', id: String(itemId) } }))
          subscriber.close()
          continue
        }
        const key = `${access}:${viewer.role}:${viewer.language ?? 'uk'}`
        let document = documents.get(key)
        if (document === undefined) {
          document = itemDocument(viewer, item, access)
          documents.set(key, document)
        }
        subscriber.send('item', document)
      }
    } catch (err) {
      this.options.log.error({ err, itemId }, 'live: could not push an item')
    }
  }

  /** Keeps idle streams (and the proxies between) open, and lets each stream re-check its session. */
  sendHeartbeats(): void {
    for (const channel of this.channels.values()) {
      for (const subscriber of [...channel.subscribers]) subscriber.heartbeat()
    }
    for (const set of this.users.values()) for (const subscriber of [...set]) subscriber.heartbeat()
  }

  /** An account's access changed (a session ended, here or on another instance; null: anyone's may have). */
  sessionsChanged(userId: number | null): void {
    const mine = (subscriber: LiveSubscriber) => userId === null || subscriber.viewer.userId === userId
    for (const channel of this.channels.values()) {
      for (const subscriber of [...channel.subscribers]) if (mine(subscriber)) subscriber.checkSession?.()
    }
    const sets = userId === null ? [...this.users.values()] : [this.users.get(userId) ?? new Set()]
    for (const set of sets) for (const subscriber of [...set]) subscriber.checkSession?.()
  }
}
