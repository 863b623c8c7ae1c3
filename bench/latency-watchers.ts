import { performance } from 'node:perf_hooks'
import type { BenchDevice } from './bench-database.ts'
import type { PublishedMark } from './device-fleet.ts'
import { SseClient } from './sse-client.ts'

/** A watched message waiting to be seen through the API and over SSE. */
type InFlight = { at: number; apiSeen: boolean; sseSeen: boolean }

export type WatcherResults = {
  apiMs: number[]
  sseMs: number[]
  /** Watched messages not seen within the give-up time. */
  apiMissed: number
  sseMissed: number
  apiRequests: number
  apiErrors: number
  sseEvents: number
  sseStreamsLost: number
}

const GIVE_UP_MS = 15_000

function gasTempOf(body: string): number | null {
  const document = JSON.parse(body) as { data?: { attributes?: { gas_temp?: number | null } } }
  return document.data?.attributes?.gas_temp ?? null
}

/**
 * Times a few devices end to end. After each of their messages is published, their item is polled through
 * GET /api/v2/items/{id} every pollMs until the message's marker shows (so a reading is late by at most one
 * period plus one request), and an SSE stream per item notes when the pushed document carries it.
 */
export class LatencyWatchers {
  readonly results: WatcherResults = {
    apiMs: [],
    sseMs: [],
    apiMissed: 0,
    sseMissed: 0,
    apiRequests: 0,
    apiErrors: 0,
    sseEvents: 0,
    sseStreamsLost: 0,
  }
  private readonly inFlight = new Map<number, Map<number, InFlight>>()
  private readonly polling = new Set<number>()
  private readonly pollers = new Set<Promise<void>>()
  private readonly streams: SseClient[] = []

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly devices: BenchDevice[],
    private readonly pollMs: number,
  ) {
    for (const device of devices) this.inFlight.set(device.itemId, new Map())
  }

  async openStreams(): Promise<void> {
    for (const device of this.devices) {
      const url = `${this.baseUrl}/api/v2/live?item_id=${device.itemId}`
      const stream = new SseClient(url, this.token, ({ event, data }) => {
        if (event !== 'item') return
        this.results.sseEvents++
        this.seen(device.itemId, gasTempOf(data), 'sse')
      })
      await stream.open()
      this.streams.push(stream)
    }
  }

  /** Called just before a watched device's message is published. */
  published(mark: PublishedMark): void {
    const pending = this.inFlight.get(mark.device.itemId)
    if (!pending) return
    pending.set(mark.marker, { at: mark.at, apiSeen: false, sseSeen: false })
    if (!this.polling.has(mark.device.itemId)) {
      const poller = this.poll(mark.device.itemId).finally(() => this.pollers.delete(poller))
      this.pollers.add(poller)
    }
  }

  private seen(itemId: number, marker: number | null, via: 'api' | 'sse'): void {
    if (marker === null) return
    const entry = this.inFlight.get(itemId)?.get(marker)
    if (!entry) return
    const elapsed = performance.now() - entry.at
    if (via === 'api' && !entry.apiSeen) {
      entry.apiSeen = true
      this.results.apiMs.push(elapsed)
    } else if (via === 'sse' && !entry.sseSeen) {
      entry.sseSeen = true
      this.results.sseMs.push(elapsed)
    }
    if (entry.apiSeen && entry.sseSeen) this.inFlight.get(itemId)?.delete(marker)
  }

  private waitingForApi(itemId: number): boolean {
    for (const entry of this.inFlight.get(itemId)?.values() ?? []) if (!entry.apiSeen) return true
    return false
  }

  private async poll(itemId: number): Promise<void> {
    this.polling.add(itemId)
    try {
      while (this.waitingForApi(itemId)) {
        await new Promise((resolve) => setTimeout(resolve, this.pollMs))
        this.results.apiRequests++
        try {
          const res = await fetch(`${this.baseUrl}/api/v2/items/${itemId}`, {
            headers: { authorization: `Bearer ${this.token}` },
          })
          const body = await res.text()
          if (res.ok) this.seen(itemId, gasTempOf(body), 'api')
          else this.results.apiErrors++
        } catch {
          this.results.apiErrors++
        }
        this.expire(itemId, GIVE_UP_MS)
      }
    } finally {
      this.polling.delete(itemId)
    }
  }

  /** Messages older than limitMs that were not seen count as missed. */
  private expire(itemId: number, limitMs: number): void {
    const pending = this.inFlight.get(itemId)
    if (!pending) return
    const now = performance.now()
    for (const [marker, entry] of pending) {
      if (now - entry.at < limitMs) continue
      if (!entry.apiSeen) this.results.apiMissed++
      if (!entry.sseSeen) this.results.sseMissed++
      pending.delete(marker)
    }
  }

  /** Waits (at most the give-up time) for what is in flight, then closes the streams. */
  async finish(): Promise<void> {
    const deadline = performance.now() + GIVE_UP_MS
    while (performance.now() < deadline && [...this.inFlight.values()].some((pending) => pending.size > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const itemId of this.inFlight.keys()) this.expire(itemId, 0)
    await Promise.all([...this.pollers])
    this.results.sseStreamsLost = this.streams.filter((stream) => stream.closedByServer).length
    for (const stream of this.streams) stream.close()
  }
}
