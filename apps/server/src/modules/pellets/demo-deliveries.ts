import { kyivDate } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { pelletDeliveries } from './pellets.tables.ts'

const DAY_MS = 86_400_000
/** A delivery of the demo: a tonne, as a household orders, every month of the simulated past. */
const DELIVERY_KG = 1000
/** What is left in the store at the end of the simulated past: a few weeks of winter burning. */
const LEFT_KG = 600
const PRICES_PER_TONNE = [8800, 9000, 9400, 9200] as const
/** Demo data (the boiler is marked simulated): a supplier's name as owners write it. */
const DEMO_SUPPLIER = 'Пелети Полісся'

/**
 * The demo boilers' pellet store: deliveries over the simulated past enough for every refill of it, and some left,
 * so the store screen shows a history, a stock and a forecast (ADR 057).
 */
export async function fillDemoDeliveries(db: Database, itemId: number, from: Date, to: Date): Promise<void> {
  const [existing] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from pellet_deliveries where item_id = ${itemId}::int`),
  )
  if (Number(existing?.n ?? 0) > 0) return
  const [refilled] = rowsOf<{ kg: number | string | null }>(
    await db.execute(sql`select sum(kg) as kg from hopper_refills where item_id = ${itemId}::int
      and refilled_at >= ${from.toISOString()}::timestamptz`),
  )
  const needed = Number(refilled?.kg ?? 0) + LEFT_KG
  const count = Math.max(1, Math.ceil(needed / DELIVERY_KG))
  const span = Math.max(0, to.getTime() - from.getTime())
  const rows = Array.from({ length: count }, (_, index) => {
    const price = PRICES_PER_TONNE[index % PRICES_PER_TONNE.length]!
    return {
      itemId,
      // The first on the first simulated day (before any refill), the others spread over the rest.
      deliveredAt: kyivDate(new Date(from.getTime() + (index === 0 ? 0 : (span * index) / count))),
      kg: DELIVERY_KG,
      priceTotal: (price * DELIVERY_KG) / 1000,
      supplier: DEMO_SUPPLIER,
      createdAt: new Date(Math.min(to.getTime(), from.getTime() + (index * span) / count + DAY_MS / 2)),
    }
  })
  await db.insert(pelletDeliveries).values(rows)
}
