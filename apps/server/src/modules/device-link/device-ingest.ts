import { and, eq, isNull, ne, or } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { applyOtaStatus } from '../firmware/ota-reports.ts'
import {
  installationReadingsOf,
  type ReadingsReport,
  storeInstallation,
  storeInstallationReadings,
} from '../installation/installation.store.ts'
import { items } from '../items/items.tables.ts'
import { type ClockCorrection, correctDeviceTimes } from './device-clock.ts'
import {
  type ActiveErrorsReport,
  applySettingsAck,
  endReportedErrors,
  recordErrorEvent,
} from './device-reports.ts'
import { type BootSighting, noteBootIds } from './identity-watch.ts'
import { markOffline, markSeen } from './presence.ts'
import type { ReceivedMessage } from './received-message.ts'
import { newestPerDevice, type SerialTelemetry, storeReadings, updateLiveState } from './telemetry-store.ts'

export type IngestEffects = {
  /** Items whose stored state changed: browsers showing them are told. */
  updatedItemIds: Set<number>
  createdErrors: { id: number; itemId: number }[]
  /** Devices that should be sent their pending desired state again (came online, or answered an old version). */
  republishSerials: Set<string>
  /** Devices whose readings report older settings than desired: sent them again, at most once per interval. */
  behindSerials: Set<string>
  /** Of those, the devices that fell behind a version they had confirmed (not merely not yet applied). */
  regressedSerials: Set<string>
  storedReadings: number
  /** Readings and events stored at the receive time because the device's clock was not trusted. */
  clockCorrections: ClockCorrection[]
  /** Devices that said they are online: an update under way is sent to them again with a fresh link. */
  onlineSerials: Set<string>
  /** Devices whose firmware update is over (ota/status succeeded or failed). */
  otaFinished: { serial: string; rolloutId: number }[]
  /** Devices that came back or went away with this batch (webhooks). */
  presenceChanges: { itemId: number; online: boolean }[]
  /** Desired settings the controllers settled with this batch (webhooks). */
  settledSettings: {
    itemId: number
    version: number
    outcome: 'applied' | 'refused'
    reason: string | null
  }[]
}

export function emptyEffects(): IngestEffects {
  return {
    updatedItemIds: new Set(),
    createdErrors: [],
    republishSerials: new Set(),
    behindSerials: new Set(),
    regressedSerials: new Set(),
    storedReadings: 0,
    clockCorrections: [],
    onlineSerials: new Set(),
    otaFinished: [],
    presenceChanges: [],
    settledSettings: [],
  }
}

/** Whether each device's last word in the batch was "offline" (its will or a clean stop) or anything else. */
function lastPresence(batch: ReceivedMessage[]): Map<string, 'seen' | 'offline'> {
  const presence = new Map<string, 'seen' | 'offline'>()
  for (const received of batch) {
    const offline = received.channel === 'status' && received.message.state === 'offline'
    presence.set(received.serial, offline ? 'offline' : 'seen')
  }
  return presence
}

/**
 * Applies a batch of validated messages in a few statements: live state from the newest reading of each device,
 * one series insert, presence, then the rarer acks and error events one by one. Arrival order decides
 * presence; telemetry order is decided by isNewerTelemetry, never by arrival.
 */
export async function ingestBatch(db: Database, incoming: ReceivedMessage[]): Promise<IngestEffects> {
  const effects = emptyEffects()
  const { batch, corrections } = correctDeviceTimes(incoming)
  effects.clockCorrections = corrections
  const readings: SerialTelemetry[] = []
  for (const received of batch) {
    if (received.channel === 'telemetry')
      readings.push({ serial: received.serial, message: received.message })
  }
  const presence = lastPresence(batch)

  const newest = newestPerDevice(readings)
  const [live, stored] = await Promise.all([updateLiveState(db, newest), storeReadings(db, readings)])
  effects.storedReadings = stored
  const alreadySeen = new Set<string>()
  // Only a reading that became the live state says what is in force now (a late, older one does not).
  const newestBySerial = new Map(newest.map((reading) => [reading.serial, reading.message]))
  const activeErrors: ActiveErrorsReport[] = []
  // Connections by boot id, in arrival order (clone detection); a reading counts when its boot is new here.
  const sightings: BootSighting[] = []
  for (const received of batch) {
    if (received.channel === 'status' && received.message.state === 'online' && received.message.boot_id)
      sightings.push({ serial: received.serial, bootId: received.message.boot_id })
  }
  const installationReadings: ReadingsReport[] = []
  for (const row of live) {
    const message = newestBySerial.get(row.serial)
    const readings = message ? installationReadingsOf(message) : null
    if (message && readings) installationReadings.push({ serial: row.serial, ts: message.ts, readings })
    if (message && message.boot_id !== row.previous_boot_id)
      sightings.push({ serial: row.serial, bootId: message.boot_id })
    if (message?.active_errors)
      activeErrors.push({ serial: row.serial, ts: message.ts, active: message.active_errors })
    effects.updatedItemIds.add(row.id)
    if (row.came_online) effects.presenceChanges.push({ itemId: row.id, online: true })
    alreadySeen.add(row.serial)
    if (row.behind) effects.behindSerials.add(row.serial)
    if (row.regressed) effects.regressedSerials.add(row.serial)
  }
  if (corrections.length > 0) {
    const serials = [...new Set(corrections.map((c) => c.serial))]
    const corrected = await db
      .update(items)
      .set({ clockCorrectedAt: new Date() })
      .where(anyOf(items.serialNumber, serials, 'text'))
      .returning({ id: items.id })
    // The device link's data in the document changed.
    for (const row of corrected) effects.updatedItemIds.add(row.id)
  }

  const seen = [...presence].filter(([serial, state]) => state === 'seen' && !alreadySeen.has(serial))
  const offline = [...presence].filter(([, state]) => state === 'offline')
  for (const row of await markSeen(
    db,
    seen.map(([serial]) => serial),
  )) {
    effects.updatedItemIds.add(row.id)
    if (row.came_online) effects.presenceChanges.push({ itemId: row.id, online: true })
  }
  for (const row of await markOffline(
    db,
    offline.map(([serial]) => serial),
  )) {
    effects.updatedItemIds.add(row.id)
    effects.presenceChanges.push({ itemId: row.id, online: false })
  }

  for (const received of batch) {
    if (received.channel === 'settings/ack') {
      const outcome = await applySettingsAck(db, received.serial, received.message)
      if (outcome.republish) effects.republishSerials.add(received.serial)
      if (outcome.itemId !== null) effects.updatedItemIds.add(outcome.itemId)
      if (outcome.itemId !== null && outcome.settled)
        effects.settledSettings.push({ itemId: outcome.itemId, ...outcome.settled })
    } else if (received.channel === 'events/error') {
      const created = await recordErrorEvent(db, received.serial, received.message)
      if (created) effects.createdErrors.push(created)
    } else if (received.channel === 'ota/status') {
      const outcome = await applyOtaStatus(db, received.serial, received.message)
      if (outcome) effects.updatedItemIds.add(outcome.itemId)
      if (outcome?.finished)
        effects.otaFinished.push({ serial: received.serial, rolloutId: outcome.rolloutId })
    } else if (received.channel === 'capabilities') {
      const itemId = await storeInstallation(db, received.serial, received.message)
      if (itemId !== null) effects.updatedItemIds.add(itemId)
    } else if (received.channel === 'status' && received.message.state === 'online') {
      effects.republishSerials.add(received.serial)
      effects.onlineSerials.add(received.serial)
      const firmwareVersion = received.message.firmware_version
      if (firmwareVersion) {
        await db
          .update(items)
          .set({ firmwareVersion })
          .where(
            and(
              eq(items.serialNumber, received.serial),
              or(isNull(items.firmwareVersion), ne(items.firmwareVersion, firmwareVersion)),
            ),
          )
      }
    }
  }
  for (const itemId of await storeInstallationReadings(db, installationReadings))
    effects.updatedItemIds.add(itemId)
  for (const itemId of await noteBootIds(db, sightings)) effects.updatedItemIds.add(itemId)
  // After the batch's error events: an event and a later reading without its code in one batch end it.
  for (const itemId of await endReportedErrors(db, activeErrors)) effects.updatedItemIds.add(itemId)
  return effects
}
