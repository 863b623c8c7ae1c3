import { z } from 'zod'
import { msg } from '../i18n/message'
import { hasControlCharacter } from './fields'

// Bodies of the pellet store's operations (docs/api.md "Pellet store"); the messages are what the owner reads.

/** Limits of the store's settings and of one delivery. */
export const PELLET_LIMITS = {
  capacity_kg: { min: 1, max: 1_000_000 },
  reorder_lead_days: { min: 0, max: 90 },
  min_stock_kg: { min: 0, max: 100_000 },
  delivery_kg: { min: 1, max: 100_000 },
  price_total: { min: 0, max: 10_000_000 },
  supplier: { max: 100 },
} as const

/** Defaults of a store nobody has set up yet: a week to get pellets delivered, no reserve, capacity unknown. */
export const PELLET_STORE_DEFAULTS = { reorder_lead_days: 7, min_stock_kg: 0 } as const

/** The calendar the store's days are counted in: deliveries, run-out and reorder dates are Kyiv days. */
export const PELLET_TIME_ZONE = 'Europe/Kyiv'

const kyivDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: PELLET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
/** The Kyiv calendar day ('YYYY-MM-DD') of an instant. */
export const kyivDate = (instant: Date): string => kyivDay.format(instant)

const ranged = (
  base: z.ZodNumber,
  limits: { min: number; max: number },
  key: Parameters<typeof msg>[0],
): z.ZodNumber => {
  const error = msg(key, limits)
  return base.min(limits.min, { error }).max(limits.max, { error })
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/** A calendar day as 'YYYY-MM-DD' (an instant with its zone is taken as its Kyiv day), not before 2000, not after today. */
const deliveryDay = z
  .string({ error: msg('pellets.delivery.dateRequired') })
  .max(40, { error: msg('pellets.delivery.dateFormat') })
  .transform((text, context) => {
    const day = DAY.exec(text)
    if (day) {
      const [, year, month, date] = day.map(Number) as [number, number, number, number]
      const parsed = new Date(Date.UTC(year, month - 1, date))
      if (
        parsed.getUTCFullYear() === year &&
        parsed.getUTCMonth() === month - 1 &&
        parsed.getUTCDate() === date
      )
        return text
    } else if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) {
      return kyivDate(new Date(text))
    }
    context.addIssue({ code: 'custom', message: msg('pellets.delivery.dateFormat') })
    return z.NEVER
  })
  .refine((day) => day >= '2000-01-01', { error: msg('pellets.delivery.dateTooEarly'), abort: true })
  .refine((day) => day <= kyivDate(new Date()), { error: msg('pellets.delivery.dateInFuture') })

/** POST /items/{id}/pellet-deliveries: pellets delivered to the store. */
export const pelletDeliverySchema = z
  .object({
    kg: ranged(
      z.number({ error: msg('pellets.delivery.kgNumber') }),
      PELLET_LIMITS.delivery_kg,
      'pellets.delivery.kgRange',
    ),
    /** What the whole delivery cost, UAH; omitted or null when not known. */
    price_total: ranged(
      z.number({ error: msg('pellets.delivery.priceNumber') }),
      PELLET_LIMITS.price_total,
      'pellets.delivery.priceRange',
    )
      .nullable()
      .optional(),
    delivered_at: deliveryDay,
    supplier: z
      .string({ error: msg('pellets.delivery.supplierText') })
      .trim()
      .max(PELLET_LIMITS.supplier.max, {
        error: msg('pellets.delivery.supplierLength', PELLET_LIMITS.supplier),
      })
      .refine((text) => !hasControlCharacter(text), { error: msg('pellets.delivery.supplierControl') })
      .nullable()
      .optional(),
  })
  .strict()
export type PelletDelivery = z.infer<typeof pelletDeliverySchema>

/** PATCH /items/{id}/pellet-store: any of the store's settings; null clears the capacity. */
export const pelletStorePatchSchema = z
  .object({
    capacity_kg: ranged(
      z.number({ error: msg('pellets.store.capacityNumber') }),
      PELLET_LIMITS.capacity_kg,
      'pellets.store.capacityRange',
    )
      .nullable()
      .optional(),
    reorder_lead_days: ranged(
      z
        .number({ error: msg('pellets.store.leadDaysNumber') })
        .int({ error: msg('pellets.store.leadDaysNumber') }),
      PELLET_LIMITS.reorder_lead_days,
      'pellets.store.leadDaysRange',
    ).optional(),
    min_stock_kg: ranged(
      z.number({ error: msg('pellets.store.minStockNumber') }),
      PELLET_LIMITS.min_stock_kg,
      'pellets.store.minStockRange',
    ).optional(),
  })
  .strict()
export type PelletStorePatch = z.infer<typeof pelletStorePatchSchema>
