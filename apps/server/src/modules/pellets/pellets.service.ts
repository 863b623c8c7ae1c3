import {
  FUEL_LIMITS,
  kyivDate,
  msg,
  PELLET_DELIVERY_TYPE,
  PELLET_STORE_DEFAULTS,
  PELLET_STORE_TYPE,
  PELLET_TIME_ZONE,
  type PelletDelivery,
  type PelletDeliveryResource,
  type PelletStoreDocument,
  type PelletStorePatch,
} from '@teplo/domain'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { listPage } from '../../lib/list-page.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { type AuditChanges, recordAudit } from '../audit/item-audit.ts'
import { degreeDaysOf, outdoorDays } from '../energy/degree-days.ts'
import { heatingSeason } from '../energy/energy.service.ts'
import { recentSeasons } from '../energy/seasons.ts'
import { fuelKg, fuelParameters, hopperLeftKg, updateFuelSettings } from '../history/fuel.service.ts'
import { kyivMidnight } from '../history/history-slices.ts'
import { type Caller, itemFor, visibleItem } from '../items/item-access.ts'
import {
  addDays,
  type BurnDay,
  burnRate,
  degreeDayExpectation,
  degreeDayRate,
  RATE_WINDOW_DAYS,
  storeForecast,
} from './forecast.ts'
import { pelletDeliveries, pelletStores } from './pellets.tables.ts'

// The pellet store of a device (ADR 057): stock = deliveries − refills of the hopper since the first delivery
// ("moved to the hopper" is the refill, taken from the store); the forecast from the recent days' burn.

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

type StoreRow = typeof pelletStores.$inferSelect
type DeliveryRow = typeof pelletDeliveries.$inferSelect
type Reader = Pick<Database, 'select' | 'execute'>

async function storeSettings(db: Pick<Database, 'select'>, itemId: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(pelletStores).where(eq(pelletStores.itemId, itemId))
  return row
}

/** Pellets in the store, the average price of the last twelve months and the last delivery's day. */
async function stockOf(db: Reader, itemId: number, today: string) {
  const id = sql`${itemId}::int`
  const yearAgo = addDays(today, -365)
  const result = await db.execute(sql`
    with d as (select * from pellet_deliveries where item_id = ${id})
    select
      coalesce((select sum(kg) from d), 0) as delivered,
      coalesce((select sum(r.kg) from hopper_refills r where r.item_id = ${id}
        and r.refilled_at >= ((select min(delivered_at) from d)::timestamp at time zone ${PELLET_TIME_ZONE})), 0) as taken,
      (select sum(price_total) / nullif(sum(kg), 0) from d
        where price_total is not null and delivered_at >= ${yearAgo}::date) as price_per_kg,
      (select max(delivered_at)::text from d) as last_day`)
  const [row] = rowsOf<{
    delivered: number | string
    taken: number | string
    price_per_kg: number | string | null
    last_day: string | null
  }>(result)
  return {
    stockKg: Math.max(0, Number(row?.delivered ?? 0) - Number(row?.taken ?? 0)),
    pricePerKg:
      row?.price_per_kg === null || row?.price_per_kg === undefined ? null : Number(row.price_per_kg),
    lastDay: row?.last_day ?? null,
  }
}

/**
 * The pellets each of the last complete Kyiv days burned (their daily energy rollup), how much of it was covered,
 * and its degree-days where the controller reported the outdoor temperature.
 */
async function recentBurn(db: Reader, itemId: number, now: Date): Promise<BurnDay[]> {
  const fuel = await fuelParameters(db as Database, itemId)
  const today = kyivMidnight(now)
  const from = kyivMidnight(new Date(today.getTime() - (RATE_WINDOW_DAYS - 0.5) * 86_400_000))
  const result = await db.execute(sql`
    select bucket, energy_kwh, covered_s,
      case when outdoor_temp_n > 0 then outdoor_temp_sum / outdoor_temp_n end as outdoor
    from telemetry_1d
    where item_id = ${itemId}::int and bucket >= ${from.toISOString()}::timestamptz
      and bucket < ${today.toISOString()}::timestamptz`)
  return rowsOf<{ energy_kwh: number | string; covered_s: number | string; outdoor: number | string | null }>(
    result,
  ).map((row) => ({
    kg: fuelKg(Number(row.energy_kwh), fuel),
    // A Kyiv day is 23 to 25 hours: a full one is covered whole.
    coverage: Math.min(1, Number(row.covered_s) / 86_400),
    ...(row.outdoor === null ? {} : { degreeDays: degreeDaysOf(Number(row.outdoor)) }),
  }))
}

/** The degree-days of each Kyiv day of the last year that has an outdoor temperature, by 'MM-DD'. */
async function lastYearDegreeDays(db: Database, itemId: number, now: Date): Promise<Map<string, number>> {
  const today = kyivMidnight(now)
  const days = await outdoorDays(db, itemId, new Date(today.getTime() - 365 * 86_400_000), today)
  return new Map(days.map((day) => [kyivDate(day.bucket).slice(5), day.degreeDays]))
}

/**
 * In the device's heating season, with outdoor temperatures on enough recent days: the degree-day rate, the coming
 * days expected as the same days last year (else the recent days' average). Otherwise null: the burn rate stays.
 */
async function seasonDegreeDays(db: Database, itemId: number, now: Date, burn: BurnDay[]) {
  const season = await heatingSeason(db, itemId)
  const today = kyivDate(now)
  const [latest] = recentSeasons(today, season.start, season.end)
  if (!latest?.current) return null
  const measured = burn.filter((day) => day.degreeDays !== undefined)
  if (measured.length === 0) return null
  const average = measured.reduce((sum, day) => sum + (day.degreeDays ?? 0), 0) / measured.length
  const lastYear = await lastYearDegreeDays(db, itemId, now)
  return degreeDayRate(burn, degreeDayExpectation(today, lastYear, average))
}

export async function pelletStoreDocument(
  db: Database,
  itemId: number,
  now = new Date(),
): Promise<PelletStoreDocument> {
  const today = kyivDate(now)
  const [settings, stock, hopperKg, burn] = await Promise.all([
    storeSettings(db, itemId),
    stockOf(db, itemId, today),
    hopperLeftKg(db, itemId, now),
    recentBurn(db, itemId, now),
  ])
  const rate = burnRate(burn)
  const degreeDays = await seasonDegreeDays(db, itemId, now, burn)
  const minStockKg = settings?.minStockKg ?? PELLET_STORE_DEFAULTS.min_stock_kg
  const reorderLeadDays = settings?.reorderLeadDays ?? PELLET_STORE_DEFAULTS.reorder_lead_days
  return {
    data: {
      type: PELLET_STORE_TYPE,
      id: String(itemId),
      attributes: {
        capacity_kg: settings?.capacityKg ?? null,
        reorder_lead_days: reorderLeadDays,
        min_stock_kg: minStockKg,
        stock_kg: round(stock.stockKg),
        hopper_kg: hopperKg === null ? null : round(hopperKg),
        average_price_per_kg: stock.pricePerKg === null ? null : round(stock.pricePerKg, 2),
        currency: 'UAH',
        last_delivery_at: stock.lastDay,
        rate_kg_per_day: rate === null ? null : round(rate.rate, 2),
        forecast: storeForecast({
          today,
          hopperKg,
          stockKg: stock.stockKg,
          minStockKg,
          reorderLeadDays,
          rate,
          degreeDays,
        }),
        time_zone: PELLET_TIME_ZONE,
        updated_at: formatDate(settings?.updatedAt ?? null),
      },
      links: { self: `/api/v2/items/${itemId}/pellet-store` },
    },
  }
}

export async function getPelletStore(db: Database, caller: Caller, itemId: number) {
  await visibleItem(db, caller, itemId)
  return pelletStoreDocument(db, itemId)
}

const settingsOf = (row: Partial<StoreRow> | undefined) => ({
  capacity_kg: row?.capacityKg ?? null,
  reorder_lead_days: row?.reorderLeadDays ?? PELLET_STORE_DEFAULTS.reorder_lead_days,
  min_stock_kg: row?.minStockKg ?? PELLET_STORE_DEFAULTS.min_stock_kg,
})

/** Whoever operates the device changes the store's settings; what is not sent stays; the change goes in the log. */
export async function updatePelletStore(
  db: Database,
  caller: Caller,
  itemId: number,
  patch: PelletStorePatch,
) {
  await itemFor(db, caller, itemId, 'operate')
  await db.transaction(async (tx) => {
    await tx.insert(pelletStores).values({ itemId }).onConflictDoNothing()
    const [stored] = await tx.select().from(pelletStores).where(eq(pelletStores.itemId, itemId)).for('update')
    const before = settingsOf(stored)
    const after = {
      capacity_kg: patch.capacity_kg !== undefined ? patch.capacity_kg : before.capacity_kg,
      reorder_lead_days: patch.reorder_lead_days ?? before.reorder_lead_days,
      min_stock_kg: patch.min_stock_kg ?? before.min_stock_kg,
    }
    if (after.capacity_kg !== null && after.min_stock_kg > after.capacity_kg) {
      throw invalidField(
        patch.min_stock_kg !== undefined ? 'min_stock_kg' : 'capacity_kg',
        msg('pellets.store.minStockOverCapacity'),
      )
    }
    await tx
      .update(pelletStores)
      .set({
        capacityKg: after.capacity_kg,
        reorderLeadDays: after.reorder_lead_days,
        minStockKg: after.min_stock_kg,
        updatedAt: new Date(),
      })
      .where(eq(pelletStores.itemId, itemId))
    const changes: AuditChanges = {}
    for (const name of Object.keys(after) as (keyof typeof after)[]) {
      if (before[name] !== after[name]) changes[name] = { from: before[name], to: after[name] }
    }
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { itemId, actorId: caller.userId, action: 'pellet-store', changes })
  })
  return pelletStoreDocument(db, itemId)
}

function deliveryResource(itemId: number, row: DeliveryRow): PelletDeliveryResource {
  return {
    type: PELLET_DELIVERY_TYPE,
    id: String(row.id),
    attributes: {
      kg: row.kg,
      price_total: row.priceTotal,
      price_per_kg: row.priceTotal === null ? null : round(row.priceTotal / row.kg, 2),
      delivered_at: row.deliveredAt,
      supplier: row.supplier,
      created_at: formatDate(row.createdAt),
    },
    links: { self: `/api/v2/items/${itemId}/pellet-deliveries/${row.id}` },
  }
}

export async function listPelletDeliveries(
  db: Database,
  caller: Caller,
  itemId: number,
  query: { 'page[number]': number; 'page[size]': number },
  rawQuery: Record<string, unknown>,
) {
  await visibleItem(db, caller, itemId)
  const { rows, page } = await listPage(
    db,
    pelletDeliveries,
    {
      where: eq(pelletDeliveries.itemId, itemId),
      orderBy: [desc(pelletDeliveries.deliveredAt), desc(pelletDeliveries.id)],
      path: `/api/v2/items/${itemId}/pellet-deliveries`,
    },
    { ...query, sort: '-delivered_at' },
    rawQuery,
  )
  return { data: rows.map((row) => deliveryResource(itemId, row)), ...page }
}

/**
 * A delivery adds stock (refused when it would overfill a store of known capacity). The newest delivery with a
 * price sets the fuel price the costs are counted with, as the owner would by hand (it goes in the change log).
 */
export async function createPelletDelivery(
  db: Database,
  caller: Caller,
  itemId: number,
  body: PelletDelivery,
) {
  await itemFor(db, caller, itemId, 'operate')
  const today = kyivDate(new Date())
  const { row, newest } = await db.transaction(async (tx) => {
    // One delivery at a time per store: the capacity check sees the stock the one before left.
    await tx.insert(pelletStores).values({ itemId }).onConflictDoNothing()
    const [store] = await tx.select().from(pelletStores).where(eq(pelletStores.itemId, itemId)).for('update')
    if (store?.capacityKg !== null && store?.capacityKg !== undefined) {
      const { stockKg } = await stockOf(tx, itemId, today)
      if (stockKg + body.kg > store.capacityKg) {
        throw invalidField(
          'kg',
          msg('pellets.delivery.overCapacity', { capacity: store.capacityKg, stock: round(stockKg) }),
        )
      }
    }
    const [latest] = await tx
      .select({ day: pelletDeliveries.deliveredAt })
      .from(pelletDeliveries)
      .where(eq(pelletDeliveries.itemId, itemId))
      .orderBy(desc(pelletDeliveries.deliveredAt))
      .limit(1)
    const [inserted] = await tx
      .insert(pelletDeliveries)
      .values({
        itemId,
        deliveredAt: body.delivered_at,
        kg: body.kg,
        priceTotal: body.price_total ?? null,
        supplier: body.supplier ? body.supplier : null,
      })
      .returning()
    if (!inserted) throw new Error('the delivery was not stored')
    await recordAudit(tx, {
      itemId,
      actorId: caller.userId,
      action: 'pellet-delivery',
      changes: { kg: { from: null, to: body.kg }, delivered_at: { from: null, to: body.delivered_at } },
    })
    return { row: inserted, newest: !latest || latest.day <= body.delivered_at }
  })
  if (newest && row.priceTotal !== null) {
    const perTonne = round((row.priceTotal / row.kg) * 1000, 2)
    const limits = FUEL_LIMITS.pellet_price_per_tonne
    if (perTonne >= limits.min && perTonne <= limits.max)
      await updateFuelSettings(db, caller, itemId, { pellet_price_per_tonne: perTonne })
  }
  return { data: deliveryResource(itemId, row) }
}

/** A delivery recorded by mistake: gone, the stock with it; the change log keeps what it was. */
export async function deletePelletDelivery(db: Database, caller: Caller, itemId: number, deliveryId: number) {
  await itemFor(db, caller, itemId, 'operate')
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(pelletDeliveries)
      .where(and(eq(pelletDeliveries.id, deliveryId), eq(pelletDeliveries.itemId, itemId)))
      .returning()
    if (!removed) throw notFound(msg('pellets.delivery.notFound'))
    await recordAudit(tx, {
      itemId,
      actorId: caller.userId,
      action: 'pellet-delivery-removed',
      changes: { kg: { from: removed.kg, to: null }, delivered_at: { from: removed.deliveredAt, to: null } },
    })
  })
}
