import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { emptyEffects, type IngestEffects, ingestBatch } from './device-ingest.ts'
import { type DropTally, recordDrops } from './device-reports.ts'
import type { IncomingDeviceMessage } from './device-transport.ts'
import { DropLog } from './drop-log.ts'
import { isRejection, type ReceivedMessage, readDeviceMessage } from './received-message.ts'

export type IngestQueueOptions = {
  db: Database
  log: FastifyBaseLogger
  onEffects: (effects: IngestEffects) => void
  /** Longest wait before a batch is written, in ms. */
  lingerMs?: number
  maxBatch?: number
  /** Messages held while the database is slow; beyond this new ones are dropped. */
  maxQueued?: number
}

/**
 * Validates device messages as they arrive and writes them in batches, one batch at a time, so that a busy
 * link costs a few statements per batch instead of several per message. Never throws into the broker.
 */
export class IngestQueue {
  private pending: ReceivedMessage[] = []
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> | null = null
  private closed = false
  private readonly drops: DropLog
  /** Dropped messages per device not yet added to its counters (written with the next batch). */
  private tallies = new Map<string, DropTally>()
  private readonly lingerMs: number
  private readonly maxBatch: number
  private readonly maxQueued: number

  constructor(private readonly options: IngestQueueOptions) {
    this.drops = new DropLog(options.log)
    this.lingerMs = options.lingerMs ?? 20
    this.maxBatch = options.maxBatch ?? 500
    this.maxQueued = options.maxQueued ?? 100_000
  }

  push(incoming: IncomingDeviceMessage): void {
    if (this.closed) return
    const read = readDeviceMessage(incoming)
    if (isRejection(read)) {
      this.dropped(incoming.topic, read.serial, read.reason)
      return
    }
    if (this.pending.length >= this.maxQueued) {
      this.dropped(incoming.topic, read.serial, 'ingest queue full (database too slow)')
      return
    }
    this.pending.push({ ...read, receivedAt: Date.now() })
    this.schedule()
  }

  /** Logs a dropped message (at most once per device per 10 s) and counts it for the device's API counters. */
  dropped(topic: string, serial: string | undefined, reason: string): void {
    this.drops.note(topic, serial, reason)
    if (serial === undefined) return
    const tally = this.tallies.get(serial)
    if (tally) {
      tally.count += 1
      tally.lastReason = reason
      tally.lastAt = new Date()
    } else if (this.tallies.size < this.maxQueued) {
      this.tallies.set(serial, { serial, count: 1, lastReason: reason, lastAt: new Date() })
    }
    this.schedule()
  }

  /** Writes what is queued and stops accepting messages. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.drain()
  }

  /** Resolves when everything received so far is written (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.flushing || this.pending.length > 0 || this.tallies.size > 0) await this.flush()
  }

  private schedule(): void {
    if (this.flushing) return
    if (this.pending.length >= this.maxBatch) {
      if (this.timer) clearTimeout(this.timer)
      this.timer = null
      void this.flush()
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null
        void this.flush()
      }, this.lingerMs)
    }
  }

  /** One writer at a time keeps each device's messages in arrival order. */
  private flush(): Promise<void> {
    if (!this.flushing) {
      const running = this.writeAll().finally(() => {
        if (this.flushing === running) this.flushing = null
      })
      this.flushing = running
    }
    return this.flushing
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length > 0 || this.tallies.size > 0) {
      await this.writeDrops()
      if (this.pending.length === 0) continue
      const batch = this.pending.splice(0, this.maxBatch)
      const effects = await this.write(batch)
      for (const c of effects.clockCorrections) {
        this.drops.note(`${c.serial}/${c.channel}`, c.serial, `${c.reason}; stored at the receive time`)
      }
      try {
        this.options.onEffects(effects)
      } catch (err) {
        this.options.log.error({ err }, 'device link: reacting to stored messages failed')
      }
    }
  }

  private async writeDrops(): Promise<void> {
    if (this.tallies.size === 0) return
    const tallies = [...this.tallies.values()]
    this.tallies = new Map()
    try {
      await recordDrops(this.options.db, tallies)
    } catch (err) {
      this.options.log.error({ err, devices: tallies.length }, 'device link: drop counters not stored')
    }
  }

  // A failing batch is retried message by message, so one bad message cannot take the others down with it.
  private async write(batch: ReceivedMessage[]): Promise<IngestEffects> {
    try {
      return await ingestBatch(this.options.db, batch)
    } catch (err) {
      if (batch.length === 1) {
        const [only] = batch
        this.options.log.error(
          { err, serial: only?.serial, channel: only?.channel },
          'device link: message not stored',
        )
        return emptyEffects()
      }
      this.options.log.warn({ err, size: batch.length }, 'device link: batch failed; writing one by one')
      const merged = emptyEffects()
      for (const received of batch) {
        const effects = await this.write([received])
        for (const id of effects.updatedItemIds) merged.updatedItemIds.add(id)
        for (const serial of effects.republishSerials) merged.republishSerials.add(serial)
        merged.createdErrors.push(...effects.createdErrors)
        merged.storedReadings += effects.storedReadings
        merged.clockCorrections.push(...effects.clockCorrections)
      }
      return merged
    }
  }
}
