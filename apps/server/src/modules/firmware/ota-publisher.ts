import { CHANNEL_RULES, encodeDeviceMessage, type OtaDesiredMessage, topicFor } from '@teplo/domain'
import { and, eq, inArray, notInArray, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { UNLINKED_STATUSES } from '../device-link/device-credentials.ts'
import type { DeviceTransport } from '../device-link/device-transport.ts'
import { items } from '../items/items.tables.ts'
import { firmwareImages, firmwareRolloutDevices, firmwareRollouts } from './firmware.tables.ts'
import { FIRMWARE_DOWNLOAD_PATH, issueFirmwareLink } from './firmware-links.ts'
import { IN_FLIGHT_STATES } from './rollouts.service.ts'

const DESIRED = CHANNEL_RULES['ota/desired']

export type OtaFilter = { serials?: string[]; itemIds?: number[]; rolloutId?: number }

/**
 * Sends `ota/desired` (retained, QoS 1) to devices with an update under way, each time with a fresh download
 * link: at start (the embedded broker forgets retained messages), when a rollout sends a stage, and whenever the
 * device says it is online (the link in its retained message may have expired while it was away).
 */
export class OtaPublisher {
  constructor(
    private readonly db: Database,
    private readonly transport: Pick<DeviceTransport, 'publish'>,
    private readonly log: FastifyBaseLogger,
    /** Where devices download from: the server's public address (APP_URL). */
    private readonly baseUrl: string,
  ) {}

  async publishPending(filter: OtaFilter = {}): Promise<number> {
    const conditions: SQL[] = [
      eq(firmwareRollouts.status, 'running'),
      inArray(firmwareRolloutDevices.state, IN_FLIGHT_STATES),
      notInArray(items.status, UNLINKED_STATUSES),
    ]
    if (filter.serials) {
      if (filter.serials.length === 0) return 0
      conditions.push(anyOf(items.serialNumber, filter.serials, 'text'))
    }
    if (filter.itemIds) {
      if (filter.itemIds.length === 0) return 0
      conditions.push(anyOf(items.id, filter.itemIds, 'int4'))
    }
    if (filter.rolloutId !== undefined) conditions.push(eq(firmwareRollouts.id, filter.rolloutId))
    const rows = await this.db
      .select({
        itemId: items.id,
        serial: items.serialNumber,
        image: firmwareImages,
        requestedAt: firmwareRollouts.createdAt,
      })
      .from(firmwareRolloutDevices)
      .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareRolloutDevices.rolloutId))
      .innerJoin(firmwareImages, eq(firmwareImages.id, firmwareRollouts.imageId))
      .innerJoin(items, eq(items.id, firmwareRolloutDevices.itemId))
      .where(and(...conditions))
    for (const row of rows) {
      try {
        const token = await issueFirmwareLink(this.db, row.itemId, row.image.id)
        const message: OtaDesiredMessage = {
          version: row.image.version,
          url: `${this.baseUrl}${FIRMWARE_DOWNLOAD_PATH}${token}`,
          sha256: row.image.sha256,
          size: row.image.size,
          // When the update was asked for, the same in every copy (each carries a fresh link): a controller that
          // failed it since knows a copy from a new request (docs/device-protocol.md, device rule 3).
          ts: row.requestedAt.toISOString(),
        }
        await this.transport.publish(
          topicFor(row.serial, 'ota/desired'),
          encodeDeviceMessage('ota/desired', message),
          {
            qos: DESIRED.qos,
            retain: DESIRED.retain,
          },
        )
      } catch (err) {
        this.log.error({ err, serial: row.serial }, 'device link: could not send the firmware update')
      }
    }
    return rows.length
  }

  /** The update is over (or the device is gone): its retained ota/desired is removed. */
  async clear(serial: string): Promise<void> {
    try {
      await this.transport.publish(topicFor(serial, 'ota/desired'), '', { qos: 1, retain: true })
    } catch (err) {
      this.log.error({ err, serial }, 'device link: could not clear the retained firmware update')
    }
  }
}
