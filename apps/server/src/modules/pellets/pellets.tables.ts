import { PELLET_STORE_DEFAULTS } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'

// The pellet store of a device (ADR 057): its settings, one row per device once someone changes them (a device
// without a row has the defaults), and the deliveries that filled it.

export const pelletStores = pgTable('pellet_stores', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  capacityKg: doublePrecision('capacity_kg'),
  reorderLeadDays: integer('reorder_lead_days').notNull().default(PELLET_STORE_DEFAULTS.reorder_lead_days),
  minStockKg: doublePrecision('min_stock_kg').notNull().default(PELLET_STORE_DEFAULTS.min_stock_kg),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const pelletDeliveries = pgTable(
  'pellet_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The Kyiv calendar day the pellets came. */
    deliveredAt: date('delivered_at', { mode: 'string' }).notNull(),
    kg: doublePrecision('kg').notNull(),
    priceTotal: doublePrecision('price_total'),
    supplier: text('supplier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pellet_deliveries_item_day_idx').on(t.itemId, t.deliveredAt),
    check('pellet_deliveries_kg_check', sql`${t.kg} > 0`),
    check('pellet_deliveries_price_check', sql`${t.priceTotal} is null or ${t.priceTotal} >= 0`),
  ],
)
