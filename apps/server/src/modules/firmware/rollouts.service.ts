import type { FirmwareRolloutCreate, FirmwareRolloutResource, FirmwareUpdateState } from '@teplo/domain'
import { type Language, msg, translateMessage } from '@teplo/domain'
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { pageMeta, pagination } from '../../lib/list-query.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { UNLINKED_STATUSES } from '../device-link/device-credentials.ts'
import { items } from '../items/items.tables.ts'
import { firmwareImages, firmwareRolloutDevices, firmwareRollouts } from './firmware.tables.ts'

type RolloutRow = typeof firmwareRollouts.$inferSelect

/** States of a device whose update is not over. */
export const UNFINISHED_STATES: FirmwareUpdateState[] = ['waiting', 'sent', 'downloading', 'installing']
/** States of a device that has been sent the update and has not finished it. */
export const IN_FLIGHT_STATES: FirmwareUpdateState[] = ['sent', 'downloading', 'installing']

export const ROLLOUT_NOT_FOUND = msg('server.firmware.rolloutNotFound')

/** How many devices the first stage takes: the percent of them, at least one. */
export function firstStageSize(total: number, percent: number | null | undefined): number {
  if (!percent) return total
  return Math.min(total, Math.max(1, Math.ceil((total * percent) / 100)))
}

async function rolloutDevices(db: Database, rolloutIds: number[]) {
  if (rolloutIds.length === 0) return []
  return db
    .select({
      rolloutId: firmwareRolloutDevices.rolloutId,
      itemId: firmwareRolloutDevices.itemId,
      name: items.name,
      serial: items.serialNumber,
      stage: firmwareRolloutDevices.stage,
      state: firmwareRolloutDevices.state,
      progress: firmwareRolloutDevices.progress,
      reason: firmwareRolloutDevices.reason,
      fromVersion: firmwareRolloutDevices.fromVersion,
      updatedAt: firmwareRolloutDevices.updatedAt,
    })
    .from(firmwareRolloutDevices)
    .innerJoin(items, eq(items.id, firmwareRolloutDevices.itemId))
    .where(inArray(firmwareRolloutDevices.rolloutId, rolloutIds))
    .orderBy(asc(firmwareRolloutDevices.stage), asc(items.name), asc(items.id))
}

type DeviceRow = Awaited<ReturnType<typeof rolloutDevices>>[number]

function rolloutResource(row: RolloutRow, devices: DeviceRow[], language: Language): FirmwareRolloutResource {
  return typedResource(
    'firmware-rollouts',
    row.id,
    {
      version: row.version,
      firmware_id: row.imageId === null ? null : String(row.imageId),
      status: row.status as FirmwareRolloutResource['attributes']['status'],
      stage_percent: row.stagePercent,
      stage: row.stage,
      created_at: formatDate(row.createdAt),
      finished_at: formatDate(row.finishedAt),
      devices: devices.map((device) => ({
        item_id: String(device.itemId),
        name: device.name,
        serial_number: device.serial,
        stage: device.stage,
        state: device.state as FirmwareUpdateState,
        progress: device.progress,
        // A stored reason: a keyed message of the server's, or the controller's own words (shown as they are).
        reason: device.reason === null ? null : translateMessage(device.reason, language),
        from_version: device.fromVersion,
        updated_at: formatDate(device.updatedAt),
      })),
    },
    { category: { data: { type: 'categories' as const, id: String(row.categoryId) } } },
  )
}

/** Rollouts, newest first, a page of them, each with its devices. */
export async function listRollouts(
  db: Database,
  query: { 'page[number]': number; 'page[size]': number },
  rawQuery: Record<string, unknown>,
  language: Language,
) {
  const listQuery = { ...query, sort: '-created_at' }
  const { limit, offset } = pagination(listQuery)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(firmwareRollouts)
      .orderBy(desc(firmwareRollouts.createdAt), desc(firmwareRollouts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(firmwareRollouts),
  ])
  const devices = await rolloutDevices(
    db,
    rows.map((row) => row.id),
  )
  return {
    data: rows.map((row) =>
      rolloutResource(
        row,
        devices.filter((device) => device.rolloutId === row.id),
        language,
      ),
    ),
    ...pageMeta(total?.n ?? 0, listQuery, '/api/v2/firmware-rollouts', rawQuery),
  }
}

export async function getRollout(db: Database, id: number, language: Language) {
  const [row] = await db.select().from(firmwareRollouts).where(eq(firmwareRollouts.id, id))
  if (!row) throw notFound(ROLLOUT_NOT_FOUND)
  return { data: rolloutResource(row, await rolloutDevices(db, [id]), language) }
}

type Target = { id: number; name: string; categoryId: number; status: string; firmwareVersion: string | null }

/**
 * The devices a rollout goes to. All of a type: those linked and not already on the version. Chosen ones: each
 * must exist, be of the image's type, be linked and not already run the version (refused by name otherwise).
 */
async function targetsOf(
  db: Database,
  body: FirmwareRolloutCreate,
  image: { categoryId: number; version: string },
): Promise<Target[]> {
  const { categoryId, version } = image
  const columns = {
    id: items.id,
    name: items.name,
    categoryId: items.categoryId,
    status: items.status,
    firmwareVersion: items.firmwareVersion,
  }
  if (body.all) {
    const linked = await db
      .select(columns)
      .from(items)
      .where(and(eq(items.categoryId, categoryId), notInArray(items.status, UNLINKED_STATUSES)))
      .orderBy(asc(items.id))
    const behind = linked.filter((row) => row.firmwareVersion !== version)
    if (linked.length > 0 && behind.length === 0) {
      throw invalidField('item_ids', msg('server.firmware.allUpToDate', { version }))
    }
    return behind
  }
  const ids = [...new Set((body.item_ids ?? []).map(Number))]
  const rows = await db.select(columns).from(items).where(inArray(items.id, ids)).orderBy(asc(items.id))
  const missing = ids.find((id) => !rows.some((row) => row.id === id))
  if (missing !== undefined)
    throw invalidField('item_ids', msg('server.firmware.itemNotFound', { id: missing }))
  const otherType = rows.find((row) => row.categoryId !== categoryId)
  if (otherType)
    throw invalidField('item_ids', msg('server.firmware.itemOtherType', { name: otherType.name }))
  const unlinked = rows.find((row) => UNLINKED_STATUSES.includes(row.status))
  if (unlinked) {
    throw invalidField('item_ids', msg('server.firmware.itemUnlinked', { name: unlinked.name }))
  }
  const current = rows.find((row) => row.firmwareVersion === version)
  if (current) {
    throw invalidField('item_ids', msg('server.firmware.itemUpToDate', { name: current.name, version }))
  }
  return rows
}

/**
 * Starts a rollout of an image to chosen devices of its type or to all of them. Staged: the first
 * `stage_percent` % (by id, at least one device) are sent the update now, the others wait until every one of the
 * first stage has finished without a failure. A device already being updated by a running rollout is refused.
 */
export async function createRollout(
  db: Database,
  events: AppEventBus,
  userId: number,
  body: FirmwareRolloutCreate,
  language: Language,
) {
  const [image] = await db
    .select()
    .from(firmwareImages)
    .where(eq(firmwareImages.id, Number(body.firmware_id)))
  if (!image) throw invalidField('firmware_id', msg('server.firmware.noSuchImage'))
  const targets = await targetsOf(db, body, image)
  if (targets.length === 0) throw invalidField('item_ids', msg('server.firmware.nothingToUpdate'))
  const rolloutId = await db.transaction(async (tx) => {
    const [busy] = await tx
      .select({ name: items.name, rolloutId: firmwareRolloutDevices.rolloutId })
      .from(firmwareRolloutDevices)
      .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareRolloutDevices.rolloutId))
      .innerJoin(items, eq(items.id, firmwareRolloutDevices.itemId))
      .where(
        and(
          eq(firmwareRollouts.status, 'running'),
          inArray(firmwareRolloutDevices.state, UNFINISHED_STATES),
          inArray(
            firmwareRolloutDevices.itemId,
            targets.map((target) => target.id),
          ),
        ),
      )
      .limit(1)
    if (busy) {
      throw new HttpError(409, msg('server.firmware.itemBusy', { name: busy.name, rollout: busy.rolloutId }))
    }
    const stagePercent = body.stage_percent ?? null
    const firstStage = firstStageSize(targets.length, stagePercent)
    const [rollout] = await tx
      .insert(firmwareRollouts)
      .values({
        imageId: image.id,
        categoryId: image.categoryId,
        version: image.version,
        stagePercent: firstStage < targets.length ? stagePercent : null,
        createdBy: userId,
      })
      .returning({ id: firmwareRollouts.id })
    await tx.insert(firmwareRolloutDevices).values(
      targets.map((target, index) => ({
        rolloutId: rollout!.id,
        itemId: target.id,
        stage: index < firstStage ? 1 : 2,
        state: index < firstStage ? 'sent' : 'waiting',
        fromVersion: target.firmwareVersion,
      })),
    )
    return rollout!.id
  })
  events.emit('firmware.rollout-changed', { rolloutId })
  return getRollout(db, rolloutId, language)
}

/**
 * Moves a rollout on once its current stage is over: the second stage is sent if the first had no failure,
 * otherwise the rollout halts (the second stage is never sent); with nothing left it is completed. Returns the
 * devices just released. Safe to call at any time and on several instances (the row is locked).
 */
export async function advanceRollout(db: Database, rolloutId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select id from firmware_rollouts where id = ${rolloutId} and status = 'running' for update`,
    )
    if (rowsOf(locked).length === 0) return []
    const counts = await tx
      .select({
        stage: firmwareRolloutDevices.stage,
        state: firmwareRolloutDevices.state,
        n: sql<number>`count(*)::int`,
      })
      .from(firmwareRolloutDevices)
      .where(eq(firmwareRolloutDevices.rolloutId, rolloutId))
      .groupBy(firmwareRolloutDevices.stage, firmwareRolloutDevices.state)
    const count = (states: string[], stage?: number) =>
      counts
        .filter((c) => states.includes(c.state) && (stage === undefined || c.stage === stage))
        .reduce((sum, c) => sum + c.n, 0)
    if (count(IN_FLIGHT_STATES) > 0) return []
    const waiting = count(['waiting'])
    if (waiting > 0 && count(['failed'], 1) === 0) {
      const released = await tx
        .update(firmwareRolloutDevices)
        .set({ state: 'sent', updatedAt: new Date() })
        .where(
          and(eq(firmwareRolloutDevices.rolloutId, rolloutId), eq(firmwareRolloutDevices.state, 'waiting')),
        )
        .returning({ itemId: firmwareRolloutDevices.itemId })
      await tx.update(firmwareRollouts).set({ stage: 2 }).where(eq(firmwareRollouts.id, rolloutId))
      return released.map((row) => row.itemId)
    }
    await tx
      .update(firmwareRollouts)
      .set({ status: waiting > 0 ? 'halted' : 'completed', finishedAt: new Date() })
      .where(eq(firmwareRollouts.id, rolloutId))
    return []
  })
}

/**
 * A device that can no longer take its update (archived): its update under way, or waiting for a second stage,
 * fails with the reason. Returns the rollouts concerned, to be moved on.
 */
export async function abandonUpdates(db: Database, itemId: number, reason: string): Promise<number[]> {
  const rows = await db
    .update(firmwareRolloutDevices)
    .set({ state: 'failed', reason, progress: null, updatedAt: new Date() })
    .where(
      and(
        eq(firmwareRolloutDevices.itemId, itemId),
        inArray(firmwareRolloutDevices.state, UNFINISHED_STATES),
        sql`${firmwareRolloutDevices.rolloutId} in (select id from firmware_rollouts where status = 'running')`,
      ),
    )
    .returning({ rolloutId: firmwareRolloutDevices.rolloutId })
  return rows.map((row) => row.rolloutId)
}

/** Rollouts still running (a deleted device's rows are gone with it: they may have nothing left to wait for). */
export async function runningRolloutIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: firmwareRollouts.id })
    .from(firmwareRollouts)
    .where(eq(firmwareRollouts.status, 'running'))
  return rows.map((row) => row.id)
}
