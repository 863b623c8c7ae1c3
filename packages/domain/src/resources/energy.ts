import { z } from 'zod'
import { documentSchema, resourceSchema } from './document'
import { isoInstant } from './history'

// The energy counters of one device (docs/api.md "Energy counters", ADR 058): totals since its first reading and
// per heating season, each counter saying whether the controller gave it or Teplo derived it from the readings.

export const ENERGY_COUNTERS_TYPE = 'energy-counters'

/** Where a counter comes from: the controller's own counter, or Teplo's sum over the readings. */
export const COUNTER_SOURCES = ['controller', 'derived'] as const
export type CounterSourceName = (typeof COUNTER_SOURCES)[number]

/** Base temperature of heating degree-days, °C: a day at 8 °C outdoors counts 10. */
export const DEGREE_DAY_BASE_C = 18

const source = z.enum(COUNTER_SOURCES)

export const energySeasonSchema = z.object({
  /** '2025/26': the years it spans (one year when it does not cross the new year). */
  label: z.string(),
  /** Its first day's start and the end of its last day (Kyiv). */
  start: isoInstant,
  end: isoInstant,
  /** The counters are taken up to here: the season's end, or now for the season under way. */
  until: isoInstant,
  current: z.boolean(),
  energy_kwh: z.number(),
  fuel_kg: z.number(),
  /** fuel × the price per tonne of the fuel settings, UAH; null without a price. */
  cost: z.number().nullable(),
  burner_hours: z.number(),
  burner_hours_source: source,
  /** null: nothing was read in the season. */
  ignitions: z.number().int().nullable(),
  ignitions_source: source,
  /** Share of the season up to `until` covered by readings. */
  coverage: z.number().min(0).max(1),
  /** Heating degree-days (base 18 °C) of the days with an outdoor temperature; null without any. */
  degree_days: z.number().nullable(),
  /** Days with an outdoor temperature (of the season up to `until`). */
  outdoor_days: z.number().int(),
})
export type EnergySeason = z.infer<typeof energySeasonSchema>

export const energyCountersResourceSchema = resourceSchema(ENERGY_COUNTERS_TYPE, {
  /** The first reading's day (Kyiv midnight); null before any reading. */
  since: isoInstant.nullable(),
  energy_kwh_total: z.number(),
  fuel_kg_total: z.number(),
  burner_hours_total: z.number(),
  /** null before any reading. */
  ignitions_total: z.number().int().nullable(),
  /** Where each total comes from; energy and fuel are always derived (burner power over time). */
  sources: z.object({
    energy_kwh_total: z.literal('derived'),
    fuel_kg_total: z.literal('derived'),
    burner_hours_total: source,
    ignitions_total: source,
  }),
  /** The heating season, 'MM-DD' to 'MM-DD' inclusive (Kyiv days). */
  season_start: z.string(),
  season_end: z.string(),
  /** The season under way (or the last one, out of season) first, then the one before. */
  seasons: z.array(energySeasonSchema),
  currency: z.literal('UAH'),
  time_zone: z.literal('Europe/Kyiv'),
})
export const energyCountersDocumentSchema = documentSchema(energyCountersResourceSchema)
export type EnergyCountersDocument = z.infer<typeof energyCountersDocumentSchema>
