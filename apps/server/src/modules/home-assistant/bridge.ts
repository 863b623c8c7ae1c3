import { type ItemPatch, itemPatchSchema, msg, translateMessage } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { MqttClient } from 'mqtt'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import { tokenReaches } from '../../lib/api-token-grant.ts'
import type { AppEventBus } from '../../lib/events.ts'
import type { Caller } from '../items/item-access.ts'
import { updateItem } from '../items/item-update.service.ts'
import { accountDeviceIds, homeAssistantCaller } from './account-devices.ts'
import { type BrokerAddressPolicy, brokerClient, connected, endClient, publishAll } from './broker-client.ts'
import { commandPatch, failureReason } from './commands.ts'
import { type EnergyReading, readDeviceView } from './device-view.ts'
import {
  availabilityTopic,
  bridgeAvailabilityTopic,
  COMMAND_SUBSCRIPTION,
  type DeviceView,
  deviceAvailable,
  deviceSlug,
  deviceState,
  discoveryConfigs,
  parseCommandTopic,
  type RetainedMessage,
  stateTopic,
} from './discovery.ts'
import { homeAssistantLinks } from './home-assistant.tables.ts'

export type LinkRow = typeof homeAssistantLinks.$inferSelect

export type BridgeOptions = {
  db: Database
  events: AppEventBus
  log: FastifyBaseLogger
  policy: BrokerAddressPolicy
  /** Wait before connecting again after a failure or a loss. */
  retryMs: number
  /** Every device is read again this often (shares given or taken, counters). */
  resyncMs: number
}

const CONNECT_TIMEOUT_MS = 10_000
const COALESCE_MS = 250
/** Commands from Home Assistant per connection and minute (a looping automation must not flood the boiler). */
const COMMANDS_PER_MINUTE = 30

type Published = { slug: string; topics: Map<string, string> }

/**
 * One account's connection to its broker (ADR 062): discovery configurations, state and availability published
 * retained, commands taken through the same path as a `control` API token's PATCH. It keeps trying to connect
 * until stopped; what it wrote on the broker is remembered (in memory and in the row) so that it can be cleared.
 */
export class HomeAssistantBridge {
  readonly userId: number
  readonly generation: number
  private readonly link: LinkRow
  private client: MqttClient | null = null
  private stopped = false
  private wake: (() => void) | null = null
  private readonly published = new Map<number, Published>()
  private readonly dirty = new Set<number>()
  private flushTimer: NodeJS.Timeout | null = null
  private resyncTimer: NodeJS.Timeout | null = null
  private syncing: Promise<void> = Promise.resolve()
  private readonly energy = new Map<number, EnergyReading>()
  private readonly lastCommands = new Map<number, DeviceView['lastCommand']>()
  private commandWindow = { start: 0, count: 0 }
  private running: Promise<void> | null = null
  private staleTopics: string[]
  private readonly log: FastifyBaseLogger

  constructor(
    private readonly options: BridgeOptions,
    link: LinkRow,
  ) {
    this.link = link
    this.userId = link.userId
    this.generation = link.generation
    this.staleTopics = [...link.publishedTopics]
    this.log = options.log.child({ homeAssistant: link.userId })
  }

  start(): void {
    this.running ??= this.run()
  }

  /**
   * A published device changed: its state (or its removal) goes out shortly, several changes at once. Other
   * devices cost nothing here (the fleet's telemetry passes by every bridge); a device newly shared with the
   * account appears with the next full read (`resync`, every minute).
   */
  itemChanged(itemId: number): void {
    if (this.stopped || !this.client?.connected || !this.published.has(itemId)) return
    this.dirty.add(itemId)
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null
      const ids = [...this.dirty]
      this.dirty.clear()
      this.queue(() => this.syncDevices(ids))
    }, COALESCE_MS)
  }

  /** Every device read again (a share given or taken, the account changed). */
  resync(): void {
    if (!this.stopped && this.client?.connected) this.queue(() => this.syncAll())
  }

  /** Whether the device's entities are on the broker now. */
  publishes(itemId: number): boolean {
    return this.published.has(itemId)
  }

  /**
   * Ends the connection. `clear`: the connection was removed, so every retained topic written is emptied first
   * (Home Assistant forgets the entities); otherwise the bridge says offline and its entities stay.
   */
  async stop(options: { clear: boolean }): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    this.wake?.()
    if (this.flushTimer) clearTimeout(this.flushTimer)
    if (this.resyncTimer) clearInterval(this.resyncTimer)
    const client = this.client
    if (client?.connected) {
      await this.syncing.catch(() => undefined)
      const bridge = bridgeAvailabilityTopic(this.userId)
      if (options.clear) {
        const topics = new Set([...this.topics(), ...this.staleTopics, bridge])
        await publishAll(
          client,
          [...topics].map((topic) => ({ topic, payload: '' })),
        ).catch(() => undefined)
      } else {
        await publishAll(client, [{ topic: bridge, payload: 'offline' }]).catch(() => undefined)
      }
    }
    await endClient(client)
    await this.running?.catch(() => undefined)
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const closed = await this.connectOnce()
        const reason = await closed
        // What was waiting on the lost connection fails now instead of waiting for a reconnection.
        await endClient(this.client)
        if (this.stopped) break
        this.log.warn({ err: reason }, 'home assistant: connection lost; connecting again')
        await this.record({ state: 'connecting', lastError: failureReason(reason, 'lost') })
      } catch (error) {
        if (this.stopped) break
        this.log.info({ err: error }, 'home assistant: could not connect; trying again later')
        await this.record({ state: 'failed', lastError: failureReason(error, 'connect') })
        await endClient(this.client)
      }
      if (this.resyncTimer) clearInterval(this.resyncTimer)
      this.resyncTimer = null
      this.client = null
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.retryMs)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = null
    }
  }

  /** Connects, publishes everything; resolves to a promise of the connection's end (with its reason). */
  private async connectOnce(): Promise<Promise<unknown>> {
    const client = brokerClient(
      { brokerUrl: this.link.brokerUrl, username: this.link.username, password: this.link.password },
      this.options.policy,
      {
        clientPrefix: 'teplo',
        connectTimeout: CONNECT_TIMEOUT_MS,
        will: {
          topic: bridgeAvailabilityTopic(this.userId),
          payload: Buffer.from('offline'),
          qos: 1,
          retain: true,
        },
      },
    )
    this.client = client
    let lastError: unknown = null
    // A client's error must never go unheard (an EventEmitter would throw it).
    client.on('error', (error) => {
      lastError = error
    })
    await connected(client, CONNECT_TIMEOUT_MS + 1000)
    const closed = new Promise<unknown>((resolve) =>
      client.once('close', () => resolve(lastError ?? new Error('the broker closed the connection'))),
    )
    client.on('message', (topic, payload, packet) => {
      // A retained command is someone's old wish, not a command now.
      if (packet.retain) return
      void this.command(topic, payload.toString('utf8')).catch((error: unknown) =>
        this.log.warn({ err: error }, 'home assistant: command not handled'),
      )
    })
    await client.subscribeAsync(COMMAND_SUBSCRIPTION, { qos: 1 })
    await publishAll(client, [{ topic: bridgeAvailabilityTopic(this.userId), payload: 'online' }])
    this.published.clear()
    await this.queue(() => this.syncAll())
    await this.record({ state: 'connected', lastError: null, connectedAt: new Date() })
    this.resyncTimer = setInterval(() => this.resync(), this.options.resyncMs)
    this.resyncTimer.unref()
    return closed
  }

  private queue(work: () => Promise<void>): Promise<void> {
    const next = this.syncing.then(work, work)
    this.syncing = next.catch((error: unknown) => {
      this.log.warn({ err: error }, 'home assistant: publishing failed')
    })
    return next
  }

  private topics(): string[] {
    return [...this.published.values()].flatMap((device) => [...device.topics.keys()])
  }

  private async syncAll(): Promise<void> {
    const ids = await accountDeviceIds(this.options.db, this.userId, this.link.itemIds)
    const gone = [...this.published.keys()].filter((id) => !ids.includes(id))
    await this.syncDevices([...ids, ...gone])
    // Topics an earlier connection wrote that no device stands for any more (a device left, the prefix changed).
    const current = new Set(this.topics())
    const stale = this.staleTopics.filter((topic) => !current.has(topic))
    if (stale.length > 0 && this.client?.connected) {
      await publishAll(
        this.client,
        stale.map((topic) => ({ topic, payload: '' })),
      )
    }
    this.staleTopics = []
    await this.remember()
  }

  private async syncDevices(ids: readonly number[]): Promise<void> {
    const client = this.client
    if (!client?.connected || this.stopped) return
    const caller = await homeAssistantCaller(this.options.db, this.userId, this.link.itemIds)
    let membershipChanged = false
    for (const id of ids) {
      if (this.stopped || !client.connected) return
      const view = caller ? await this.view(caller, id) : null
      if (!view) {
        const device = this.published.get(id)
        if (!device) continue
        await publishAll(
          client,
          [...device.topics.keys()].map((topic) => ({ topic, payload: '' })),
        )
        this.published.delete(id)
        this.energy.delete(id)
        membershipChanged = true
        continue
      }
      const messages: RetainedMessage[] = [
        ...discoveryConfigs(view, this.link.discoveryPrefix, this.userId),
        {
          topic: stateTopic(deviceSlug(view.attributes.serial_number)),
          payload: JSON.stringify(deviceState(view)),
        },
        {
          topic: availabilityTopic(deviceSlug(view.attributes.serial_number)),
          payload: deviceAvailable(view) ? 'online' : 'offline',
        },
      ]
      let device = this.published.get(id)
      if (!device) {
        device = { slug: deviceSlug(view.attributes.serial_number), topics: new Map() }
        this.published.set(id, device)
        membershipChanged = true
      }
      const changed = messages.filter((message) => device.topics.get(message.topic) !== message.payload)
      const wanted = new Set(messages.map((message) => message.topic))
      // An entity the device no longer has (a setting it stopped taking).
      const dropped = [...device.topics.keys()].filter((topic) => !wanted.has(topic))
      await publishAll(client, [...changed, ...dropped.map((topic) => ({ topic, payload: '' }))])
      for (const message of changed) device.topics.set(message.topic, message.payload)
      for (const topic of dropped) device.topics.delete(topic)
      if (dropped.length > 0 || changed.some((message) => message.topic.endsWith('/config')))
        membershipChanged = true
    }
    if (membershipChanged) await this.remember()
  }

  /** The device as the account sees it now; null when it no longer may (a handover, a share taken back). */
  private async view(caller: Caller, id: number): Promise<DeviceView | null> {
    const read = await readDeviceView(this.options.db, caller, id, {
      energy: this.energy.get(id),
      lastCommand: this.lastCommands.get(id) ?? null,
    })
    if (read) this.energy.set(id, read.energy)
    return read?.view ?? null
  }

  /** A command from Home Assistant: the account's rights as a `control` token, then Teplo's honest sync. */
  private async command(topic: string, payload: string): Promise<void> {
    const parsed = parseCommandTopic(topic)
    if (!parsed || this.stopped) return
    const itemId = [...this.published.entries()].find(([, device]) => device.slug === parsed.slug)?.[0]
    if (itemId === undefined) return
    const now = Date.now()
    if (now - this.commandWindow.start > 60_000) this.commandWindow = { start: now, count: 0 }
    if (++this.commandWindow.count > COMMANDS_PER_MINUTE) {
      this.log.warn({ itemId }, 'home assistant: too many commands; dropped')
      return
    }
    const { db, events } = this.options
    const caller = await homeAssistantCaller(db, this.userId, this.link.itemIds)
    const language = caller?.language ?? 'uk'
    const outcome = async (reason: string | null) => {
      this.lastCommands.set(itemId, {
        command: parsed.command,
        outcome: reason === null ? 'accepted' : 'refused',
        reason: reason === null ? null : translateMessage(reason, language),
        at: new Date().toISOString(),
      })
      // The state shows what became of it (accepted: the sync status follows the controller).
      this.itemChanged(itemId)
    }
    if (!caller || !tokenReaches(caller.apiToken, itemId))
      return outcome(msg('server.homeAssistant.notAuthorized'))
    const patch = commandPatch(parsed.command, payload, language)
    if ('refused' in patch) return outcome(patch.refused)
    const parsedPatch = itemPatchSchema.safeParse(patch.values)
    if (!parsedPatch.success)
      return outcome(parsedPatch.error.issues[0]?.message ?? msg('server.homeAssistant.commandUnknown'))
    try {
      await updateItem(db, events, caller, itemId, parsedPatch.data as ItemPatch)
      await outcome(null)
    } catch (error) {
      if (error instanceof HttpError) return outcome(error.errors[0]?.detail ?? error.message)
      throw error
    }
  }

  /** The account's row while it still stands for this connection (a newer generation belongs to its successor). */
  private isCurrent() {
    return sql`${homeAssistantLinks.userId} = ${this.userId} and ${homeAssistantLinks.generation} = ${this.generation}`
  }

  /** The state and the topics written, kept in the row while this connection is the account's current one. */
  private async record(change: { state: LinkRow['state']; lastError: string | null; connectedAt?: Date }) {
    try {
      await this.options.db
        .update(homeAssistantLinks)
        .set({
          state: change.state,
          lastError: change.lastError,
          ...(change.connectedAt ? { connectedAt: change.connectedAt } : {}),
          ...(change.state !== 'connected' ? { connectedAt: null } : {}),
        })
        .where(this.isCurrent())
    } catch (error) {
      this.log.warn({ err: error }, 'home assistant: state not recorded')
    }
  }

  private async remember(): Promise<void> {
    try {
      await this.options.db
        .update(homeAssistantLinks)
        .set({
          publishedTopics: [...new Set([...this.topics(), ...this.staleTopics])],
          publishedItemIds: [...this.published.keys()].sort((a, b) => a - b),
        })
        .where(this.isCurrent())
    } catch (error) {
      this.log.warn({ err: error }, 'home assistant: published topics not recorded')
    }
  }
}
