import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { AlarmEngine } from './alarm-engine.ts'
import { emailChannel, type PushSender, pushChannel } from './channels.ts'
import { OutboxWorker } from './outbox.ts'

export type AlarmsOptions = {
  db: Database
  events: AppEventBus
  log: FastifyBaseLogger
  mailer: Mailer
  appUrl: string
  clearHoldMs: number
  /** Silence and fuel checks; the outbox is looked at every second and as soon as something is written. */
  checkMs: number
  retryMs: number
  /** The push channel's sender (the push module's sendPushToUser); null: push deliveries are skipped. */
  pushSender: PushSender | null
}

const FUEL_EVERY_MS = 10 * 60 * 1000
/** Maintenance falls due over days and weeks: an hourly look is plenty (ADR 059). */
const MAINTENANCE_EVERY_MS = 60 * 60 * 1000
const OUTBOX_EVERY_MS = 1000

/** The alarm engine, its periodic checks and the outbox worker of one server instance. */
export class Alarms {
  readonly engine: AlarmEngine
  readonly outbox: OutboxWorker
  private readonly timers: NodeJS.Timeout[] = []
  private readonly tasks = new Set<Promise<unknown>>()
  private readonly kick = () => this.track(this.outbox.runOnce())
  private closed = false

  constructor(private readonly options: AlarmsOptions) {
    this.engine = new AlarmEngine({
      db: options.db,
      events: options.events,
      log: options.log,
      clearHoldMs: options.clearHoldMs,
    })
    this.outbox = new OutboxWorker({
      db: options.db,
      log: options.log,
      retryMs: options.retryMs,
      channels: {
        email: emailChannel(options.db, options.mailer, options.appUrl),
        push: pushChannel(options.db, options.pushSender),
      },
    })
  }

  start(): void {
    this.engine.start()
    this.options.events.on('notifications.changed', this.kick)
    const every = (ms: number, job: () => Promise<unknown>) => {
      const timer = setInterval(() => this.track(job()), ms)
      timer.unref()
      this.timers.push(timer)
    }
    every(this.options.checkMs, () => this.engine.checkSilence())
    every(FUEL_EVERY_MS, () => this.engine.checkFuel())
    every(MAINTENANCE_EVERY_MS, () => this.engine.checkMaintenance())
    every(Math.min(OUTBOX_EVERY_MS, this.options.checkMs), () => this.outbox.runOnce())
  }

  /** Everything evaluated and every due delivery attempted (tests). */
  async settle(): Promise<void> {
    await this.engine.idle()
    await Promise.all([...this.tasks])
    await this.outbox.runOnce()
  }

  async close(): Promise<void> {
    this.closed = true
    for (const timer of this.timers) clearInterval(timer)
    this.options.events.off('notifications.changed', this.kick)
    await this.engine.close()
    await Promise.all([...this.tasks])
    await this.outbox.idle()
  }

  private track(task: Promise<unknown>): void {
    if (this.closed) return
    const tracked = task.catch((err: unknown) => this.options.log.error({ err }, 'alarms: task failed'))
    this.tasks.add(tracked)
    void tracked.finally(() => this.tasks.delete(tracked))
  }
}
