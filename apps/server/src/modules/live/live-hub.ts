import type { ItemAccess } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { accessOf, type Caller, can, findItem, sharesOf } from '../items/item-access.ts'
import { type ItemRow, itemResource } from '../items/item-document.ts'

/** One browser stream watching one item. */
export interface LiveSubscriber {
  /** Whose stream it is: what they see follows their access as it is at each push (ADR 018). */
  viewer: Caller
  send(event: string, data: string): void
  /** Every heartbeat period; the stream may close itself here (signed out, too slow). */
  heartbeat(): void
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
  return JSON.stringify({ data: itemResource(item, { showCode: can(viewer, access, 'service'), access }) })
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
        const key = `${access}:${viewer.role}`
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
  }
}
