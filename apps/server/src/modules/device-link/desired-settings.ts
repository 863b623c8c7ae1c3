import {
  CHANNEL_RULES,
  type DesiredSettingsMessage,
  type DeviceSettings,
  encodeDeviceMessage,
  topicFor,
} from '@teplo/domain'
import { and, eq, gt, notInArray, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { type ItemRow, storedSettings } from '../items/item-document.ts'
import { items } from '../items/items.tables.ts'
import { desiredScheduleMember } from '../schedule/schedule-wire.ts'
import { UNLINKED_STATUSES } from './device-credentials.ts'
import type { DeviceTransport } from './device-transport.ts'
import { desiredServiceMember } from './service-desired.ts'

const DESIRED = CHANNEL_RULES['settings/desired']
const PUBLISH_CONCURRENCY = 100

export function desiredSettingsOf(item: ItemRow): DeviceSettings {
  return { power: item.powerSet === 'off' ? 'off' : 'on', ...storedSettings(item) }
}

export function desiredMessage(item: ItemRow, now = new Date()): DesiredSettingsMessage {
  return {
    version: item.settingsVersion,
    ts: now.toISOString(),
    settings: desiredSettingsOf(item),
    ...desiredScheduleMember(item),
    ...desiredServiceMember(item),
  }
}

const linked = notInArray(items.status, UNLINKED_STATUSES)

/**
 * Publishes each item's full desired state, retained at QoS 1, so a device receives the latest set whenever it
 * (re)subscribes. Publications of one item run one after another and each reads the stored state when it
 * starts, so the retained message always ends on the newest version.
 */
export class DesiredSettingsPublisher {
  private readonly running = new Map<number, { again: boolean; done: Promise<void> }>()
  /** Newest desired version this process has published per item. */
  private readonly published = new Map<number, number>()
  /** When this process last sent each device its desired set. */
  private readonly sentAt = new Map<string, number>()
  /** When this process last resent a device its set because its readings reported an older version. */
  private readonly resentAt = new Map<string, number>()

  constructor(
    private readonly db: Database,
    private readonly transport: Pick<DeviceTransport, 'publish'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Schedules a publication of the item's current desired state (coalesced while one is under way). */
  request(itemId: number): void {
    const current = this.running.get(itemId)
    if (current) {
      current.again = true
      return
    }
    const entry = { again: false, done: Promise.resolve() }
    entry.done = (async () => {
      do {
        entry.again = false
        await this.publishById(itemId)
      } while (entry.again)
      this.running.delete(itemId)
    })()
    this.running.set(itemId, entry)
  }

  /** Waits for every scheduled publication (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((entry) => entry.done))
  }

  /** A newly verified device gets the dashboard's values as version 1, pending until it acknowledges them. */
  async startVersioning(itemId: number): Promise<boolean> {
    const changed = await this.db
      .update(items)
      .set({ settingsVersion: 1, syncStatus: 'pending', syncError: null })
      .where(and(eq(items.id, itemId), eq(items.settingsVersion, 0), linked))
      .returning({ id: items.id })
    this.request(itemId)
    return changed.length > 0
  }

  /** Republishes for devices that have not confirmed their current version (or every device: onlyPending false). */
  async publishStored(options: { onlyPending: boolean; serials?: string[] }): Promise<number> {
    const conditions: SQL[] = [linked, gt(items.settingsVersion, 0)]
    if (options.onlyPending) conditions.push(eq(items.syncStatus, 'pending'))
    if (options.serials) {
      if (options.serials.length === 0) return 0
      conditions.push(anyOf(items.serialNumber, options.serials, 'text'))
    }
    const rows = await this.db
      .select()
      .from(items)
      .where(and(...conditions))
    for (let i = 0; i < rows.length; i += PUBLISH_CONCURRENCY) {
      await Promise.all(rows.slice(i, i + PUBLISH_CONCURRENCY).map((row) => this.publishRow(row)))
    }
    return rows.length
  }

  /**
   * Whether a device that reports older settings than desired is sent them again now: at most once per
   * `intervalMs`; while a change is pending, also not within `intervalMs` of its last publication (the device
   * may simply not have applied it yet). A device that fell behind a version it had confirmed (a factory reset)
   * is answered at once.
   */
  resendDue(serial: string, intervalMs: number, regressed: boolean, now = Date.now()): boolean {
    const resent = this.resentAt.get(serial)
    if (resent !== undefined && now - resent < intervalMs) return false
    const sent = this.sentAt.get(serial)
    if (!regressed && sent !== undefined && now - sent < intervalMs) return false
    this.resentAt.set(serial, now)
    return true
  }

  /** Removes a deleted device's retained desired state from the broker. */
  async clear(serial: string): Promise<void> {
    try {
      await this.transport.publish(topicFor(serial, 'settings/desired'), '', { qos: 1, retain: true })
    } catch (err) {
      this.log.error({ err, serial }, 'device link: could not clear retained settings')
    }
  }

  private async publishById(itemId: number): Promise<void> {
    try {
      const [row] = await this.db
        .select()
        .from(items)
        .where(and(eq(items.id, itemId), linked, gt(items.settingsVersion, 0)))
      if (row) await this.publishRow(row)
    } catch (err) {
      this.log.error({ err, itemId }, 'device link: could not publish desired settings')
    }
  }

  private async publishRow(row: ItemRow): Promise<void> {
    // A row read before a newer version was published (the republication at start racing a change) must not
    // replace the newer retained set. Checked and noted in one synchronous step, before the publish is queued.
    if (row.settingsVersion < (this.published.get(row.id) ?? 0)) return
    this.published.set(row.id, row.settingsVersion)
    this.sentAt.set(row.serialNumber, Date.now())
    try {
      const payload = encodeDeviceMessage('settings/desired', desiredMessage(row))
      await this.transport.publish(topicFor(row.serialNumber, 'settings/desired'), payload, {
        qos: DESIRED.qos,
        retain: DESIRED.retain,
      })
    } catch (err) {
      this.log.error({ err, serial: row.serialNumber }, 'device link: could not publish desired settings')
    }
  }
}
