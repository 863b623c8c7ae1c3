import { z } from 'zod'
import { msg } from '../i18n/message'

// Bodies of the fuel routes (docs/api.md "History and fuel"); the messages are what the owner reads.

const number = (message: string) => z.number({ error: message })

/** Limits of the owner's fuel settings. */
export const FUEL_LIMITS = {
  calorific_value: { min: 3, max: 6 },
  boiler_efficiency: { min: 0.3, max: 1 },
  pellet_price_per_tonne: { min: 0, max: 1_000_000 },
  hopper_capacity_kg: { min: 1, max: 100_000 },
  refill_kg: { min: 1, max: 100_000 },
} as const

/** PATCH /items/{id}/fuel: any of the owner's fuel settings; null clears the price or the hopper capacity. */
export const fuelSettingsPatchSchema = z
  .object({
    calorific_value: number(msg('validation.fuel.calorificNumber'))
      .min(FUEL_LIMITS.calorific_value.min, { error: msg('validation.fuel.calorificRange') })
      .max(FUEL_LIMITS.calorific_value.max, { error: msg('validation.fuel.calorificRange') })
      .optional(),
    boiler_efficiency: number(msg('validation.fuel.efficiencyNumber'))
      .min(FUEL_LIMITS.boiler_efficiency.min, { error: msg('validation.fuel.efficiencyRange') })
      .max(FUEL_LIMITS.boiler_efficiency.max, { error: msg('validation.fuel.efficiencyRange') })
      .optional(),
    pellet_price_per_tonne: number(msg('validation.fuel.priceNumber'))
      .min(FUEL_LIMITS.pellet_price_per_tonne.min, { error: msg('validation.fuel.priceNegative') })
      .max(FUEL_LIMITS.pellet_price_per_tonne.max, { error: msg('validation.fuel.priceTooHigh') })
      .nullable()
      .optional(),
    hopper_capacity_kg: number(msg('validation.fuel.hopperNumber'))
      .min(FUEL_LIMITS.hopper_capacity_kg.min, { error: msg('validation.fuel.hopperRange') })
      .max(FUEL_LIMITS.hopper_capacity_kg.max, { error: msg('validation.fuel.hopperRange') })
      .nullable()
      .optional(),
  })
  .strict()
export type FuelSettingsPatch = z.infer<typeof fuelSettingsPatchSchema>

/** The most one refill can hold: the hopper's capacity once it is known. */
export const refillMaxKg = (hopperCapacityKg: number | null) => hopperCapacityKg ?? FUEL_LIMITS.refill_kg.max

/** Kilograms with a space between thousands, as the messages write them (100 000). */
const kilograms = (kg: number) =>
  String(kg)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** The refusal of a refill outside 1 kg … the hopper's capacity (or the absolute limit without one). */
export const refillRangeMessage = (maxKg: number) =>
  msg('validation.fuel.refillRange', { min: FUEL_LIMITS.refill_kg.min, max: kilograms(maxKg) })

const REFILL_RANGE = refillRangeMessage(FUEL_LIMITS.refill_kg.max)

/**
 * POST /items/{id}/hopper-refills: pellets poured in; without `kg`, a full hopper (its capacity). A hopper holds
 * no more than its capacity: the server refuses more (refillMaxKg), the form says so before sending.
 */
export const hopperRefillSchema = z
  .object({
    kg: number(msg('validation.fuel.refillRequired'))
      .min(FUEL_LIMITS.refill_kg.min, { error: REFILL_RANGE })
      .max(FUEL_LIMITS.refill_kg.max, { error: REFILL_RANGE })
      .optional(),
  })
  .strict()
export type HopperRefill = z.infer<typeof hopperRefillSchema>
