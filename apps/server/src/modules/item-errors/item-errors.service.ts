import type { ItemErrorResource } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { forbidden, notFound } from '../../lib/api-error.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { listPage } from '../../lib/list-page.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { accessOf, type Caller, can, findItemFor, visibleItem } from '../items/item-access.ts'
import { itemErrors } from './item-errors.tables.ts'

export const ITEM_ERROR_NOT_FOUND = msg('server.itemErrors.notFound')

type ItemErrorRow = typeof itemErrors.$inferSelect

export type ItemErrorInput = {
  error_code: string
  error_time: Date
  mode_status: number | null
  heater_temp: number | null
  boiler_temp: number | null
  gas_temp: number | null
  burner_power: number | null
  // The device's own id of the event; a redelivered event with the same id is stored once.
  event_id?: string | null
}

// The device block keeps the controller's own field names (kotla: heater, boilera: tank, palnika: burner).
// No self link: the API has no route for a single error (the list and archive are the calls).
function itemErrorResource(row: ItemErrorRow, deviceName: string): ItemErrorResource {
  return {
    type: 'item-errors',
    id: String(row.id),
    attributes: {
      error_code: row.errorCode,
      error_time: formatDate(row.errorTime),
      mode_status: row.modeStatus,
      archived_at: formatDate(row.archivedAt),
      ended_at: formatDate(row.endedAt),
      device: {
        name: deviceName,
        temperatures: { kotla: row.heaterTemp, boilera: row.boilerTemp, gas: row.gasTemp },
        power: { palnika: row.burnerPower },
      },
    },
    relationships: { item: { data: { type: 'items', id: String(row.itemId) } } },
  }
}

export type ItemErrorListQuery = Omit<ListQuery, 'sort'> & { item_id: number }

// Newest first; archived errors stay stored but leave the list.
export async function listItemErrors(
  db: Database,
  caller: Caller,
  query: ItemErrorListQuery,
  rawQuery: object,
) {
  const item = await visibleItem(db, caller, query.item_id)
  const { rows, page } = await listPage(
    db,
    itemErrors,
    {
      where: and(eq(itemErrors.itemId, item.id), isNull(itemErrors.archivedAt)),
      orderBy: [desc(itemErrors.errorTime), desc(itemErrors.id)],
      path: '/api/v2/item-errors',
    },
    { ...query, sort: '-error_time' },
    rawQuery as Record<string, unknown>,
  )
  return { data: rows.map((row) => itemErrorResource(row, item.name)), ...page }
}

export async function archiveItemError(db: Database, caller: Caller, id: number, now = new Date()) {
  const [row] = await db
    .select({ id: itemErrors.id, itemId: itemErrors.itemId })
    .from(itemErrors)
    .where(eq(itemErrors.id, id))
    .limit(1)
  const found = row ? await findItemFor(db, caller.userId, row.itemId) : undefined
  const access = found ? accessOf(caller, found.item, found.share) : null
  if (!row || access === null) throw notFound(ITEM_ERROR_NOT_FOUND)
  // Archiving an error is acting on the device: not for someone who only watches it.
  if (!can(caller, access, 'operate')) throw forbidden()
  // Archiving twice keeps the first time.
  await db
    .update(itemErrors)
    .set({ archivedAt: now })
    .where(and(eq(itemErrors.id, id), isNull(itemErrors.archivedAt)))
  return row
}

// Called by the device link when a controller reports an error event; null when it was already stored.
export async function recordItemError(
  db: Database,
  itemId: number,
  input: ItemErrorInput,
): Promise<ItemErrorRow | null> {
  const [row] = await db
    .insert(itemErrors)
    .values({
      itemId,
      errorCode: input.error_code,
      errorTime: input.error_time,
      modeStatus: input.mode_status,
      heaterTemp: input.heater_temp,
      boilerTemp: input.boiler_temp,
      gasTemp: input.gas_temp,
      burnerPower: input.burner_power,
      eventId: input.event_id ?? null,
    })
    .onConflictDoNothing({ target: [itemErrors.itemId, itemErrors.eventId] })
    .returning()
  return row ?? null
}
