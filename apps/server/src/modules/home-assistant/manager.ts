import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { type BridgeOptions, HomeAssistantBridge, type LinkRow } from './bridge.ts'
import { type BrokerAddressPolicy, brokerClient, connected, endClient, publishAll } from './broker-client.ts'
import { bridgeAvailabilityTopic } from './discovery.ts'
import { homeAssistantLinks } from './home-assistant.tables.ts'

export type ManagerOptions = {
  db: Database
  events: AppEventBus
  log: FastifyBaseLogger
  policy: BrokerAddressPolicy
  leaseMs?: number
  tickMs?: number
  retryMs?: number
  resyncMs?: number
}

const CLEAR_TIMEOUT_MS = 5000

/**
 * The connections this instance holds (ADR 062). Each account's connection is held by one instance at a time: the
 * one whose lease in the row runs; it renews its leases every tick, and takes over a connection whose lease lapsed
 * (its instance died). A changed connection (a new generation) is connected again; a removed one is stopped.
 */
export class HomeAssistantManager {
  readonly instance = randomUUID()
  private readonly bridges = new Map<number, HomeAssistantBridge>()
  private readonly bridgeOptions: BridgeOptions
  private readonly leaseMs: number
  private readonly tickMs: number
  private timer: NodeJS.Timeout | undefined
  private ticking: Promise<void> = Promise.resolve()
  private again = false
  private closed = false

  constructor(private readonly options: ManagerOptions) {
    this.leaseMs = options.leaseMs ?? 30_000
    this.tickMs = options.tickMs ?? 5_000
    this.bridgeOptions = {
      db: options.db,
      events: options.events,
      log: options.log,
      policy: options.policy,
      retryMs: options.retryMs ?? 10_000,
      resyncMs: options.resyncMs ?? 60_000,
    }
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.tickMs)
    this.timer.unref()
    this.tick()
  }

  /** Leases renewed and taken, bridges started and stopped: now, or once more after the round under way. */
  tick(): Promise<void> {
    if (this.closed) return this.ticking
    if (this.again) return this.ticking
    this.again = true
    this.ticking = this.ticking.then(async () => {
      this.again = false
      if (this.closed) return
      try {
        await this.round()
      } catch (error) {
        this.options.log.warn({ err: error }, 'home assistant: leases not renewed; trying again')
      }
    })
    return this.ticking
  }

  /** A device changed (here or on another instance): the bridges publishing it, or that may, read it again. */
  itemChanged(itemId: number): void {
    for (const bridge of this.bridges.values()) bridge.itemChanged(itemId)
  }

  /** An account's devices or rights changed: its bridge reads every device again. */
  accountChanged(userId: number | null): void {
    if (userId === null) for (const bridge of this.bridges.values()) bridge.resync()
    else this.bridges.get(userId)?.resync()
  }

  /** The bridge of an account held here, if any (tests, the state of the connection). */
  bridgeOf(userId: number): HomeAssistantBridge | undefined {
    return this.bridges.get(userId)
  }

  /** The connection was removed: the local bridge clears what it wrote and stops at once. */
  async removed(userId: number): Promise<void> {
    const bridge = this.bridges.get(userId)
    this.bridges.delete(userId)
    await bridge?.stop({ clear: true })
  }

  private async round(): Promise<void> {
    const { db } = this.options
    const held = rowsOf<{ user_id: number; generation: number }>(
      await db.execute(sql`
        update home_assistant_links
        set lease_owner = ${this.instance}, lease_until = now() + ${`${this.leaseMs} milliseconds`}::interval
        where lease_owner = ${this.instance} or lease_owner is null or lease_until is null or lease_until < now()
        returning user_id, generation`),
    )
    const wanted = new Map(held.map((row) => [Number(row.user_id), Number(row.generation)]))
    for (const [userId, bridge] of [...this.bridges]) {
      const generation = wanted.get(userId)
      if (generation === bridge.generation) continue
      this.bridges.delete(userId)
      // Gone (removed, or taken over after a lapse): its topics are cleared only when the row is gone.
      const exists = generation !== undefined || (await this.exists(userId))
      await bridge.stop({ clear: !exists })
    }
    for (const [userId, generation] of wanted) {
      if (this.bridges.get(userId)?.generation === generation || this.closed) continue
      const [link] = await db
        .select()
        .from(homeAssistantLinks)
        .where(sql`${homeAssistantLinks.userId} = ${userId}`)
      if (!link) continue
      const bridge = new HomeAssistantBridge(this.bridgeOptions, link)
      this.bridges.set(userId, bridge)
      bridge.start()
    }
  }

  private async exists(userId: number): Promise<boolean> {
    const rows = rowsOf<{ n: number }>(
      await this.options.db.execute(sql`select 1 as n from home_assistant_links where user_id = ${userId}`),
    )
    return rows.length > 0
  }

  /** Every bridge says offline and stops; the leases are given back so another instance takes over at once. */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.timer)
    await this.ticking
    const bridges = [...this.bridges.values()]
    this.bridges.clear()
    await Promise.all(bridges.map((bridge) => bridge.stop({ clear: false })))
    try {
      await this.options.db.execute(
        sql`update home_assistant_links set lease_owner = null, lease_until = null where lease_owner = ${this.instance}`,
      )
    } catch (error) {
      this.options.log.warn({ err: error }, 'home assistant: leases not given back; they lapse by themselves')
    }
  }
}

/**
 * A connection's retained topics emptied on its broker in one short visit (the connection was removed or moved to
 * another broker): Home Assistant forgets the entities. Best effort, within five seconds.
 */
export async function clearBroker(
  link: Pick<LinkRow, 'userId' | 'brokerUrl' | 'username' | 'password' | 'publishedTopics'>,
  policy: BrokerAddressPolicy,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const client = brokerClient(link, policy, { clientPrefix: 'teplo-clear', connectTimeout: CLEAR_TIMEOUT_MS })
  client.on('error', () => undefined)
  try {
    await connected(client, CLEAR_TIMEOUT_MS)
    const topics = [...new Set([...link.publishedTopics, bridgeAvailabilityTopic(link.userId)])]
    await publishAll(
      client,
      topics.map((topic) => ({ topic, payload: '' })),
      CLEAR_TIMEOUT_MS,
    )
    return true
  } catch (error) {
    log.info({ err: error }, 'home assistant: the broker could not be cleared')
    return false
  } finally {
    await endClient(client)
  }
}
