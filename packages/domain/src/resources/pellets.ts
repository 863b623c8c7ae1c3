import { z } from 'zod'
import { documentSchema, listDocumentSchema, resourceSchema, wireDate } from './document'

// The pellet store of one device (docs/api.md "Pellet store", ADR 057): stock in the storeroom or silo beside the
// hopper's, the deliveries that filled it and a forecast of when the pellets run out. Days are Kyiv calendar days
// ('YYYY-MM-DD').

export const PELLET_STORE_TYPE = 'pellet-stores'
export const PELLET_DELIVERY_TYPE = 'pellet-deliveries'

const day = z.string().describe("A Kyiv calendar day, 'YYYY-MM-DD'")

/** A forecast day with its honest range: the burn rate's spread over the recent days gives the earliest and latest. */
export const forecastDaySchema = z.object({ date: day, earliest: day, latest: day })
export type ForecastDay = z.infer<typeof forecastDaySchema>

export const PELLET_FORECAST_BASES = ['burn_rate', 'degree_days'] as const

export const pelletStoreResourceSchema = resourceSchema(PELLET_STORE_TYPE, {
  /** The store's capacity, kg; null while not set (deliveries are then not checked against it). */
  capacity_kg: z.number().nullable(),
  /** Days between ordering pellets and their delivery. */
  reorder_lead_days: z.number().int(),
  /** The reserve kept in the store: the forecast plans to reorder before stock falls to it. */
  min_stock_kg: z.number(),
  /** Pellets in the store: the deliveries minus the refills of the hopper since the first delivery. */
  stock_kg: z.number(),
  /** The hopper estimate (GET /items/{id}/fuel); null before the first refill. */
  hopper_kg: z.number().nullable(),
  /** UAH per kg over the deliveries of the last twelve months that have a price; null without one. */
  average_price_per_kg: z.number().nullable(),
  currency: z.literal('UAH'),
  last_delivery_at: day.nullable(),
  /** Pellets burned per day (the median of the recent days with readings); null without enough history. */
  rate_kg_per_day: z.number().nullable(),
  forecast: z.object({
    /**
     * What the forecast rests on: `degree_days` in the heating season where the controller reports the outdoor
     * temperature (pellets per degree-day of the recent days × the degree-days expected: the same days last
     * year, else the recent average), else `burn_rate` (the recent days' median); null without enough history.
     */
    basis: z.enum(PELLET_FORECAST_BASES).nullable(),
    /** Days with readings the rate was taken from (of the last 14). */
    days_measured: z.number().int(),
    /** Pellets per heating degree-day (base 18 °C) when the basis is degree_days; null otherwise. */
    kg_per_degree_day: z.number().nullable(),
    /** When the hopper is empty, as estimated; null without a hopper estimate or a rate. */
    hopper_run_out: forecastDaySchema.nullable(),
    /** When the hopper and the store are both empty; null without a rate. */
    store_run_out: forecastDaySchema.nullable(),
    /**
     * The last day to order so that the delivery (reorder_lead_days) arrives before the stock falls to the
     * reserve, from the earliest run-out; today when that day has passed; null without a rate.
     */
    reorder_by: day.nullable(),
    /** reorder_by is today or past: time to order. */
    reorder_due: z.boolean(),
  }),
  time_zone: z.string(),
  updated_at: wireDate.nullable(),
})
export const pelletStoreDocumentSchema = documentSchema(pelletStoreResourceSchema)
export type PelletStoreDocument = z.infer<typeof pelletStoreDocumentSchema>

export const pelletDeliveryResourceSchema = resourceSchema(PELLET_DELIVERY_TYPE, {
  kg: z.number(),
  price_total: z.number().nullable(),
  /** price_total / kg, UAH; null without a price. */
  price_per_kg: z.number().nullable(),
  delivered_at: day,
  supplier: z.string().nullable(),
  created_at: wireDate,
})
export const pelletDeliveryDocumentSchema = documentSchema(pelletDeliveryResourceSchema)
export const pelletDeliveryListDocumentSchema = listDocumentSchema(pelletDeliveryResourceSchema)
export type PelletDeliveryResource = z.infer<typeof pelletDeliveryResourceSchema>
