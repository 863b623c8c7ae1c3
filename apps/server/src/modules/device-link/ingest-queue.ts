import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { isDatabaseUnavailable } from '../../lib/database-errors.ts'
import { emptyEffects, type IngestEffects, ingestBatch } from './device-ingest.ts'
import { type DropTally, recordDrops } from './device-reports.ts'
import type { IncomingDeviceMessage, Settle } from './device-transport.ts'
import { DropLog } from './drop-log.ts'
import { isRejection, type ReceivedMessage, readDeviceMessage } from './received-message.ts'

export type IngestQueueOptions = {
  db: Database
  log: FastifyBaseLogger
  onEffects: (effects: IngestEffects) => void
  /** Longest wait before a batch is written, in ms. */
  lingerMs?: number
  maxBatch?: number
  /**
   * Batches written at once. Each device belongs to one lane (by its serial), so its messages are written in
   * arrival order and two lanes never touch the same device's rows; one lane on PGlite (one connection).
   */
  lanes?: number
  /** First pause before a batch is retried while the database is unavailable, doubled up to 5 s. */
  retryMs?: number
}

type Entry = ReceivedMessage & { receivedAt: number; settle: Settle }

type Lane = {
  pending: Entry[]
  timer: NodeJS.Timeout | null
  flushing: Promise<void> | null
  /** When the oldest message of the batch being written was received; null while none is written. */
  writingSince: number | null
}

const MAX_RETRY_MS = 5000
const OUTAGE_LOG_EVERY_MS = 10_000

/** FNV-1a of the serial: a device's lane, the same at every start. */
function laneOf(serial: string, lanes: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < serial.length; i++) {
    hash ^= serial.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % lanes
}

/**
 * Validates device messages as they arrive and writes them in batches, a few batches at a time, so that a busy
 * link costs a few statements per batch instead of several per message. A message is settled (the broker may
 * acknowledge it to its device) only once it is stored, or once it is known it never can be (invalid, refused
 * by the database): an acknowledged message is never lost. While the database is unavailable the batch is
 * retried, not dropped, and the devices wait for their acknowledgements. Never throws into the broker.
 */
export class IngestQueue {
  private readonly lanes: Lane[]
  private closed = false
  private readonly drops: DropLog
  /** Dropped messages per device not yet added to its counters (written with the next batch). */
  private tallies = new Map<string, DropTally>()
  private readonly lingerMs: number
  private readonly maxBatch: number
  private readonly retryMs: number
  private outageLoggedAt = 0
  /** Messages this instance has written (and so acknowledged) since it started, and dropped as invalid. */
  readonly counts = { written: 0, dropped: 0 }

  constructor(private readonly options: IngestQueueOptions) {
    this.drops = new DropLog(options.log)
    this.lingerMs = options.lingerMs ?? 20
    this.maxBatch = options.maxBatch ?? 500
    this.retryMs = options.retryMs ?? 250
    const lanes = Math.max(1, options.lanes ?? 1)
    this.lanes = Array.from({ length: lanes }, () => ({
      pending: [],
      timer: null,
      flushing: null,
      writingSince: null,
    }))
  }

  /** Messages received and not yet settled. */
  get backlog(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.pending.length, 0)
  }

  /**
   * How long the oldest message received and not yet stored has waited, in ms (0 when none waits): how far
   * behind the devices' acknowledgements and the live screens are. Heavy reads step aside while it grows
   * (`AccountSlots.yieldWhile`, ADR 039 addendum 5).
   */
  lagMs(now = Date.now()): number {
    let oldest = now
    for (const lane of this.lanes) {
      if (lane.writingSince !== null && lane.writingSince < oldest) oldest = lane.writingSince
      const first = lane.pending[0]
      if (first && first.receivedAt < oldest) oldest = first.receivedAt
    }
    return now - oldest
  }

  /**
   * Takes one message. `settle` is called once it is stored or dropped for good; a message taken after close()
   * is never settled (the broker will deliver it again, to this server after its restart or to another one).
   */
  push(incoming: IncomingDeviceMessage, settle: Settle = () => {}): void {
    if (this.closed) return
    const read = readDeviceMessage(incoming)
    if (isRejection(read)) {
      this.dropped(incoming.topic, read.serial, read.reason)
      settle()
      return
    }
    const lane = this.lanes[laneOf(read.serial, this.lanes.length)] as Lane
    lane.pending.push({ ...read, receivedAt: Date.now(), settle })
    this.schedule(lane)
  }

  /** Logs a dropped message (at most once per device per 10 s) and counts it for the device's API counters. */
  dropped(topic: string, serial: string | undefined, reason: string): void {
    this.counts.dropped += 1
    this.drops.note(topic, serial, reason)
    if (serial === undefined) return
    const tally = this.tallies.get(serial)
    if (tally) {
      tally.count += 1
      tally.lastReason = reason
      tally.lastAt = new Date()
    } else if (this.tallies.size < 100_000) {
      this.tallies.set(serial, { serial, count: 1, lastReason: reason, lastAt: new Date() })
    }
    this.schedule(this.lanes[0] as Lane)
  }

  /**
   * Writes what is queued and stops accepting messages. If the database is unavailable, what it cannot write
   * after one more attempt stays unsettled (unacknowledged) instead of holding the stop.
   */
  async close(): Promise<void> {
    this.closed = true
    for (const lane of this.lanes) {
      if (lane.timer) clearTimeout(lane.timer)
      lane.timer = null
    }
    await this.drain()
  }

  /** Resolves when everything received so far is written (tests, shutdown). */
  async drain(): Promise<void> {
    for (;;) {
      const busy = this.lanes.filter((lane) => lane.flushing || lane.pending.length > 0)
      if (busy.length === 0 && this.tallies.size === 0) return
      if (busy.length === 0) await this.flush(this.lanes[0] as Lane)
      else await Promise.all(busy.map((lane) => this.flush(lane)))
    }
  }

  private schedule(lane: Lane): void {
    if (lane.flushing) return
    if (lane.pending.length >= this.maxBatch) {
      if (lane.timer) clearTimeout(lane.timer)
      lane.timer = null
      void this.flush(lane)
    } else if (!lane.timer) {
      lane.timer = setTimeout(() => {
        lane.timer = null
        void this.flush(lane)
      }, this.lingerMs)
    }
  }

  /** One writer per lane keeps each device's messages in arrival order. */
  private flush(lane: Lane): Promise<void> {
    if (!lane.flushing) {
      const running = this.writeAll(lane).finally(() => {
        if (lane.flushing === running) lane.flushing = null
      })
      lane.flushing = running
    }
    return lane.flushing
  }

  private async writeAll(lane: Lane): Promise<void> {
    while (lane.pending.length > 0 || (lane === this.lanes[0] && this.tallies.size > 0)) {
      if (lane === this.lanes[0]) await this.writeDrops()
      if (lane.pending.length === 0) continue
      const batch = lane.pending.splice(0, this.maxBatch)
      lane.writingSince = batch[0]?.receivedAt ?? null
      const effects = await this.write(batch).finally(() => {
        lane.writingSince = null
      })
      if (effects === null) {
        // Closing while the database is unavailable: these stay unacknowledged and are delivered again.
        this.options.log.warn(
          { messages: batch.length + lane.pending.length },
          'device link: database unavailable at shutdown; unacknowledged messages left to the devices',
        )
        lane.pending = []
        return
      }
      this.counts.written += batch.length
      for (const entry of batch) entry.settle()
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
      const changed = await recordDrops(this.options.db, tallies)
      // The counters are part of the device's document (its device link data): browsers and caches are told.
      if (changed.length > 0) this.options.onEffects({ ...emptyEffects(), updatedItemIds: new Set(changed) })
    } catch (err) {
      this.options.log.error({ err, devices: tallies.length }, 'device link: drop counters not stored')
    }
  }

  /**
   * Writes a batch; while the database is unavailable, retries it with pauses doubling up to 5 s. A batch that
   * fails otherwise is retried message by message, so one bad message cannot take the others down with it; a
   * message the database refuses on its own is dropped (and settled: sending it again would not help). Null:
   * closed while the database was unavailable, nothing written.
   */
  private async write(batch: Entry[]): Promise<IngestEffects | null> {
    let pause = this.retryMs
    for (;;) {
      try {
        return await ingestBatch(this.options.db, batch)
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          if (this.closed) return null
          this.logOutage(err, pause)
          await new Promise((resolve) => setTimeout(resolve, pause))
          pause = Math.min(MAX_RETRY_MS, pause * 2)
          continue
        }
        return this.writeOneByOne(batch, err)
      }
    }
  }

  private async writeOneByOne(batch: Entry[], err: unknown): Promise<IngestEffects | null> {
    if (batch.length === 1) {
      const [only] = batch
      this.options.log.error(
        { err, serial: only?.serial, channel: only?.channel },
        'device link: message not stored',
      )
      if (only) this.dropped(`${only.serial}/${only.channel}`, only.serial, 'refused by the database')
      return emptyEffects()
    }
    this.options.log.warn({ err, size: batch.length }, 'device link: batch failed; writing one by one')
    const merged = emptyEffects()
    for (const received of batch) {
      const effects = await this.write([received])
      if (effects === null) return null
      for (const id of effects.updatedItemIds) merged.updatedItemIds.add(id)
      for (const serial of effects.republishSerials) merged.republishSerials.add(serial)
      for (const serial of effects.behindSerials) merged.behindSerials.add(serial)
      for (const serial of effects.regressedSerials) merged.regressedSerials.add(serial)
      merged.createdErrors.push(...effects.createdErrors)
      merged.storedReadings += effects.storedReadings
      merged.clockCorrections.push(...effects.clockCorrections)
      for (const serial of effects.onlineSerials) merged.onlineSerials.add(serial)
      merged.otaFinished.push(...effects.otaFinished)
      merged.presenceChanges.push(...effects.presenceChanges)
      merged.settledSettings.push(...effects.settledSettings)
    }
    return merged
  }

  private logOutage(err: unknown, pause: number): void {
    const now = Date.now()
    if (now - this.outageLoggedAt < OUTAGE_LOG_EVERY_MS) return
    this.outageLoggedAt = now
    this.options.log.warn(
      { err: (err as Error).message, held: this.backlog, retryInMs: pause },
      'device link: database unavailable; messages held unacknowledged and retried',
    )
  }
}
