import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/client.ts'
import type { AppEventBus, AppEvents } from '../../lib/events.ts'
import { maintainHistory } from '../history/partitions.ts'
import { DesiredSettingsPublisher } from './desired-settings.ts'
import { deviceCredentialsValid } from './device-credentials.ts'
import type { IngestEffects } from './device-ingest.ts'
import type { DeviceTransport, IncomingDeviceMessage, Settle } from './device-transport.ts'
import { startEmbeddedBroker } from './embedded-broker.ts'
import { connectExternalBroker } from './external-broker.ts'
import { IngestQueue } from './ingest-queue.ts'
import { markSilentDevices } from './presence.ts'

const RETENTION_EVERY_MS = 60 * 60 * 1000
const INGEST_LANES = 4

export type DeviceLinkOptions = {
  db: Database
  /** PostgreSQL takes several ingest batches at once; PGlite has one connection. */
  dbKind: 'pglite' | 'postgres'
  config: Config
  events: AppEventBus
  log: FastifyBaseLogger
}

/** How often the presence watchdog looks for silent devices: a third of the limit, between 0.25 and 5 s. */
export function watchdogPeriodMs(offlineSeconds: number): number {
  return Math.min(5000, Math.max(250, Math.round((offlineSeconds * 1000) / 3)))
}

/**
 * The server side of the device link: a broker (embedded or external), the ingest of device messages, the
 * desired-settings publisher, the presence watchdog and telemetry retention.
 */
export class DeviceLink {
  readonly queue: IngestQueue
  publisher!: DesiredSettingsPublisher
  transport!: DeviceTransport
  private readonly timers: NodeJS.Timeout[] = []
  private readonly tasks = new Set<Promise<unknown>>()
  private watchdogBusy = false
  private closing: Promise<void> | null = null
  private readonly listeners: { [K in keyof AppEvents]?: (...args: AppEvents[K]) => void } = {}

  private constructor(private readonly options: DeviceLinkOptions) {
    this.queue = new IngestQueue({
      db: options.db,
      log: options.log,
      // PostgreSQL: a few batches at once over the pool; PGlite has one connection.
      lanes: options.dbKind === 'postgres' ? INGEST_LANES : 1,
      onEffects: (effects) => this.react(effects),
    })
  }

  static async start(options: DeviceLinkOptions): Promise<DeviceLink> {
    const link = new DeviceLink(options)
    const { config, db, log } = options
    const onMessage = (message: IncomingDeviceMessage, settle: Settle) => link.queue.push(message, settle)
    link.transport = config.mqttUrl
      ? await connectExternalBroker({
          url: config.mqttUrl,
          shareGroup: config.mqttShareGroup,
          clientId: config.mqttClientId,
          sessionExpirySeconds: config.mqttSessionExpirySeconds,
          log,
          onMessage,
        })
      : await startEmbeddedBroker({
          host: config.mqttHost,
          port: config.mqttPort,
          log,
          checkCredentials: (username, password) => deviceCredentialsValid(db, username, password),
          onMessage,
        })
    link.publisher = new DesiredSettingsPublisher(db, link.transport, log)
    link.listen()
    link.startTimers()
    // The embedded broker keeps retained messages in memory only: after a restart every device's set goes again.
    link.track(link.publisher.publishStored({ onlyPending: link.transport.kind === 'external' }))
    log.info({ broker: link.transport.address, kind: link.transport.kind }, 'device link ready')
    return link
  }

  /** Runs the presence watchdog once (also used by tests). */
  async checkPresence(): Promise<void> {
    if (this.watchdogBusy) return
    this.watchdogBusy = true
    try {
      const silent = await markSilentDevices(this.options.db, this.options.config.deviceOfflineSeconds)
      for (const item of silent) this.options.events.emit('item.updated', { itemId: item.id })
      if (silent.length > 0)
        this.options.log.info({ count: silent.length }, 'device link: devices went silent')
    } catch (err) {
      this.options.log.error({ err }, 'device link: presence check failed')
    } finally {
      this.watchdogBusy = false
    }
  }

  /** History partitions ahead of time, stray rows moved, retention applied (hourly and at start). */
  async maintainHistory(): Promise<void> {
    const { config, db, log } = this.options
    try {
      const { dropped } = await maintainHistory(db, {
        rawDays: config.telemetryRetentionDays,
        rollupDays: config.historyRetentionDays,
      })
      if (dropped.length > 0) log.info({ dropped }, 'device link: old history partitions dropped')
    } catch (err) {
      log.error({ err }, 'device link: history maintenance failed')
    }
  }

  /** Everything received so far is written and every scheduled publication sent. */
  async settle(): Promise<void> {
    await this.queue.drain()
    await this.publisher.idle()
    await Promise.all([...this.tasks])
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown()
    return this.closing
  }

  private async shutDown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer)
    for (const [event, listener] of Object.entries(this.listeners)) {
      this.options.events.off(event as keyof AppEvents, listener as () => void)
    }
    // No new messages; what was received is written before the broker goes.
    await this.transport.stopReceiving()
    await this.queue.close()
    await this.publisher.idle()
    await Promise.all([...this.tasks])
    await this.transport.close()
  }

  private react(effects: IngestEffects): void {
    const { events } = this.options
    for (const itemId of effects.updatedItemIds) events.emit('item.updated', { itemId })
    for (const created of effects.createdErrors) {
      events.emit('item-error.created', { itemId: created.itemId, itemErrorId: created.id })
    }
    if (effects.republishSerials.size > 0) {
      this.track(this.publisher.publishStored({ onlyPending: true, serials: [...effects.republishSerials] }))
    }
  }

  private listen(): void {
    const { events } = this.options
    this.listeners['item.settings-changed'] = ({ itemId }) => this.publisher.request(itemId)
    this.listeners['item.verified'] = ({ itemId, serialNumber }) => {
      // Re-pairing: a connection made with the previous secret closes now (it cannot log in again).
      this.transport.disconnectDevice(serialNumber)
      this.track(
        this.publisher.startVersioning(itemId).then((changed) => {
          if (changed) events.emit('item.updated', { itemId })
        }),
      )
    }
    this.listeners['item.deleted'] = ({ serialNumber }) => {
      this.transport.disconnectDevice(serialNumber)
      this.track(this.publisher.clear(serialNumber))
    }
    for (const [event, listener] of Object.entries(this.listeners)) {
      events.on(event as keyof AppEvents, listener as () => void)
    }
  }

  private startTimers(): void {
    const { config } = this.options
    this.timers.push(
      setInterval(() => this.track(this.checkPresence()), watchdogPeriodMs(config.deviceOfflineSeconds)),
    )
    this.timers.push(setInterval(() => this.track(this.maintainHistory()), RETENTION_EVERY_MS))
    for (const timer of this.timers) timer.unref()
    this.track(this.maintainHistory())
  }

  private track(task: Promise<unknown>): void {
    const tracked = task.catch((err: unknown) => this.options.log.error({ err }, 'device link: task failed'))
    this.tasks.add(tracked)
    void tracked.finally(() => this.tasks.delete(tracked))
  }
}
