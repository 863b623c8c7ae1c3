import { msg, topicFor } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/client.ts'
import type { AppEventBus, AppEvents } from '../../lib/events.ts'
import { OtaPublisher } from '../firmware/ota-publisher.ts'
import { abandonUpdates, advanceRollout, runningRolloutIds } from '../firmware/rollouts.service.ts'
import { maintainHistory } from '../history/partitions.ts'
import { forgetInstallation } from '../installation/installation.store.ts'
import { discardSession } from './broker-sessions.ts'
import { DesiredSettingsPublisher } from './desired-settings.ts'
import type { DeviceAccess } from './device-access.ts'
import { checkDeviceLogin } from './device-credentials.ts'
import type { IngestEffects } from './device-ingest.ts'
import type { DeviceTransport, IncomingDeviceMessage, Settle } from './device-transport.ts'
import { DynamicSecurity } from './dynamic-security.ts'
import { startEmbeddedBroker } from './embedded-broker.ts'
import { connectExternalBroker, serverFilters } from './external-broker.ts'
import { IngestQueue } from './ingest-queue.ts'
import { markSilentDevices } from './presence.ts'
import { upgradeDeviceRoles } from './role-upgrade.ts'
import { SessionTakeover } from './session-takeover.ts'

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
  readonly publisher: DesiredSettingsPublisher
  /** Firmware updates (ota/desired): sent one after another, so a clear never overtakes a send. */
  readonly ota: OtaPublisher
  private otaQueue: Promise<void> = Promise.resolve()
  transport!: DeviceTransport
  private setTransport!: (transport: DeviceTransport) => void
  private failTransport!: (err: unknown) => void
  private readonly transportReady = new Promise<DeviceTransport>((resolve, reject) => {
    this.setTransport = resolve
    this.failTransport = reject
  })
  /** Device accounts on the broker itself (Mosquitto dynamic security); null when the server checks logins. */
  access: DeviceAccess | null = null
  /** Heartbeats and the takeover of lost instances' sessions (external broker; null otherwise or when off). */
  takeover: SessionTakeover | null = null
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
    // Made before the broker connects: an external broker hands over the messages queued for the server's
    // session right after the CONNACK, and their effects (a resend to a device answering an older version, a
    // firmware step) need the publishers while the start is still subscribing or checking dynamic security.
    // They publish through the transport once `start` has it (a publish asked for before waits for it).
    const transport = {
      publish: async (...args: Parameters<DeviceTransport['publish']>) =>
        (this.transport ?? (await this.transportReady)).publish(...args),
    }
    this.publisher = new DesiredSettingsPublisher(options.db, transport, options.log)
    this.ota = new OtaPublisher(options.db, transport, options.log, options.config.appUrl)
  }

  static async start(options: DeviceLinkOptions): Promise<DeviceLink> {
    const link = new DeviceLink(options)
    const { config, db, log } = options
    const onMessage = (message: IncomingDeviceMessage, settle: Settle) => link.queue.push(message, settle)
    // A start that fails leaves nothing waiting for the transport.
    link.transportReady.catch(() => {})
    if (config.mqttUrl && config.mqttTakeoverSeconds > 0) {
      link.takeover = new SessionTakeover({
        db,
        log,
        url: config.mqttUrl,
        clientId: config.mqttClientId,
        filters: serverFilters(config.mqttShareGroup),
        sessionExpirySeconds: config.mqttSessionExpirySeconds,
        staleSeconds: config.mqttTakeoverSeconds,
        onMessage,
        brokerConnected: () => link.transport?.connected() ?? false,
      })
      // Written before this instance connects with its client id: a survivor draining its session (it was
      // away longer than the limit) sees the heartbeat at its next lease renewal and leaves the session to it.
      await link.takeover.beatOnce()
    }
    const transport = config.mqttUrl
      ? connectExternalBroker({
          url: config.mqttUrl,
          shareGroup: config.mqttShareGroup,
          clientId: config.mqttClientId,
          sessionExpirySeconds: config.mqttSessionExpirySeconds,
          log,
          onMessage,
          retryForMs: config.mqttConnectRetrySeconds * 1000,
          linkCheckMs: config.mqttLinkCheckSeconds * 1000,
        })
      : startEmbeddedBroker({
          host: config.mqttHost,
          port: config.mqttPort,
          tls: config.mqttTls,
          log,
          checkCredentials: (username, password) => checkDeviceLogin(db, username, password),
          onMessage,
          onRefusedPublish: (serial, topic) =>
            link.queue.dropped(topic, serial, 'publish refused: not one of its own topics'),
        })
    try {
      link.transport = await transport
    } catch (err) {
      link.failTransport(err)
      throw err
    }
    link.setTransport(link.transport)
    let dynsec: DynamicSecurity | null = null
    if (config.mqttUrl && config.mqttDynamicSecurity) {
      try {
        dynsec = await DynamicSecurity.connect({
          url: config.mqttUrl,
          log,
          retryForMs: config.mqttConnectRetrySeconds * 1000,
        })
      } catch (err) {
        await link.transport.close()
        throw err
      }
    }
    if (dynsec && config.mqttUrl) {
      const [access, url] = [dynsec, config.mqttUrl]
      link.access = access
      // Roles made before a channel existed learn it (ADR 063); retried while the broker is away.
      link.track(access.retrying('upgrade device roles', () => upgradeDeviceRoles(db, access, url, log)))
    }
    link.listen()
    link.startTimers()
    // An instance leaving for good (session expiry 0) takes nothing over: it writes heartbeats only.
    link.takeover?.start({ claim: config.mqttSessionExpirySeconds > 0 })
    // The embedded broker keeps retained messages in memory only: after a restart every device's set goes again.
    link.track(link.publisher.publishStored({ onlyPending: link.transport.kind === 'external' }))
    link.otaTask(() => link.ota.publishPending())
    log.info({ broker: link.transport.address, kind: link.transport.kind }, 'device link ready')
    return link
  }

  /**
   * New link credentials of a device, called inside the pairing transaction: with a broker that keeps its own
   * accounts the device's client is (re)created there first, and a failure fails the pairing (503).
   */
  async provisionCredentials(serial: string, secret: string): Promise<void> {
    await this.access?.grant(serial, secret)
  }

  /** Removes a device account made for a registration that did not happen (a failed batch). */
  async revokeCredentials(serial: string): Promise<void> {
    await this.access?.remove(serial)
  }

  /** Runs the presence watchdog once (also used by tests). */
  async checkPresence(): Promise<void> {
    if (this.watchdogBusy) return
    this.watchdogBusy = true
    try {
      const silent = await markSilentDevices(this.options.db, this.options.config.deviceOfflineSeconds)
      for (const item of silent) {
        this.options.events.emit('item.updated', { itemId: item.id })
        this.options.events.emit('device.presence-changed', { itemId: item.id, online: false })
      }
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
    await this.otaQueue
  }

  /** Runs a firmware-update step after the ones before it. */
  private otaTask(step: () => Promise<unknown>): void {
    this.otaQueue = this.otaQueue.then(step).then(
      () => undefined,
      (err: unknown) => this.options.log.error({ err }, 'device link: firmware update step failed'),
    )
    this.track(this.otaQueue)
  }

  /** A device's update is over: its retained ota/desired goes, and its rollout may send its next stage. */
  private async finishUpdate(serial: string, rolloutId: number): Promise<void> {
    await this.ota.clear(serial)
    await this.advance([rolloutId])
  }

  private async advance(rolloutIds: number[]): Promise<void> {
    for (const rolloutId of new Set(rolloutIds)) {
      const released = await advanceRollout(this.options.db, rolloutId)
      if (released.length > 0) await this.ota.publishPending({ rolloutId, itemIds: released })
    }
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
    // A lost instance's session being drained is left to a survivor; what it handed over is written below.
    await this.takeover?.stop({ leavingForGood: this.options.config.mqttSessionExpirySeconds === 0 })
    // No new messages; what was received is written before the broker goes.
    await this.transport.stopReceiving()
    await this.queue.close()
    await this.publisher.idle()
    await this.otaQueue
    // Broker account changes still being retried end here (they are logged as given up).
    await this.access?.close()
    await Promise.all([...this.tasks])
    await this.transport.close()
  }

  private react(effects: IngestEffects): void {
    const { events } = this.options
    for (const itemId of effects.updatedItemIds) events.emit('item.updated', { itemId })
    for (const created of effects.createdErrors) {
      events.emit('item-error.created', { itemId: created.itemId, itemErrorId: created.id })
    }
    for (const change of effects.presenceChanges) events.emit('device.presence-changed', change)
    for (const settled of effects.settledSettings) events.emit('settings.acknowledged', settled)
    const republish = [...effects.republishSerials]
    const resendMs = this.options.config.deviceResendSeconds * 1000
    for (const serial of effects.behindSerials) {
      if (
        !effects.republishSerials.has(serial) &&
        this.publisher.resendDue(serial, resendMs, effects.regressedSerials.has(serial))
      )
        republish.push(serial)
    }
    if (republish.length > 0) {
      this.track(this.publisher.publishStored({ onlyPending: true, serials: republish }))
    }
    for (const { serial, rolloutId } of effects.otaFinished)
      this.otaTask(() => this.finishUpdate(serial, rolloutId))
    if (effects.onlineSerials.size > 0) {
      const serials = [...effects.onlineSerials]
      this.otaTask(() => this.ota.publishPending({ serials }))
    }
  }

  private listen(): void {
    const { events } = this.options
    this.listeners['item.settings-changed'] = ({ itemId }) => this.publisher.request(itemId)
    this.listeners['firmware.rollout-changed'] = ({ rolloutId }) =>
      this.otaTask(() => this.ota.publishPending({ rolloutId }))
    this.listeners['item.verified'] = ({ itemId, serialNumber }) => {
      // Re-pairing: a connection made with the previous secret closes now (it cannot log in again).
      this.transport.disconnectDevice(serialNumber)
      // Paired again, it may be another controller: the installation is the one it announces when it connects.
      this.track(
        forgetInstallation(this.options.db, itemId)
          .then(() => this.publisher.startVersioning(itemId))
          .then((changed) => {
            if (changed) events.emit('item.updated', { itemId })
          }),
      )
    }
    this.listeners['item.archive-changed'] = ({ itemId, serialNumber, archived }) => {
      // An archived device cannot log in again (the credential check skips archived items); its open
      // connection closes now. A broker with its own accounts disables or enables the device's client.
      if (archived) this.transport.disconnectDevice(serialNumber)
      // An archived device cannot take its firmware update: it fails, and its rollout does not wait for it.
      if (archived) {
        this.otaTask(async () => {
          await this.ota.clear(serialNumber)
          await this.advance(
            await abandonUpdates(this.options.db, itemId, msg('server.firmware.itemArchived')),
          )
        })
      }
      if (this.access)
        this.track(archived ? this.access.suspend(serialNumber) : this.access.resume(serialNumber))
    }
    this.listeners['item.deleted'] = ({ serialNumber }) => {
      this.transport.disconnectDevice(serialNumber)
      this.track(this.forget(serialNumber))
      // Its rollout rows went with it: a rollout that only waited for it is over.
      this.otaTask(async () => this.advance(await runningRolloutIds(this.options.db)))
    }
    for (const [event, listener] of Object.entries(this.listeners)) {
      events.on(event as keyof AppEvents, listener as () => void)
    }
  }

  /**
   * A deleted device leaves nothing behind on the broker: no account, no session, no retained settings. A new
   * device with the same serial starts with a clean session and receives no empty desired message.
   */
  private async forget(serial: string): Promise<void> {
    await this.access?.remove(serial)
    if (this.transport.forgetDevice) await this.transport.forgetDevice(serial)
    // Cleared first (an offline session would queue the empty message), then the session goes.
    await this.publisher.clear(serial)
    await this.ota.clear(serial)
    await this.clearCapabilities(serial)
    if (this.transport.kind === 'external' && this.options.config.mqttUrl) {
      await discardSession(this.options.config.mqttUrl, serial, this.options.log)
    }
  }

  /** The installation a deleted device announced (retained on the broker) goes with it. */
  private async clearCapabilities(serial: string): Promise<void> {
    try {
      await this.transport.publish(topicFor(serial, 'capabilities'), '', { qos: 1, retain: true })
    } catch (err) {
      this.options.log.error({ err, serial }, 'device link: could not clear the retained capabilities')
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
