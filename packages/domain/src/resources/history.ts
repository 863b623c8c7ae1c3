import { z } from 'zod'
import { documentSchema, resourceSchema } from './document'

// History of one device (docs/api.md "History and fuel"): buckets of readings with min/avg/max per metric, the
// periods without connection, and what happened on the time axis; the consumption of fuel per period; the hopper.
// Instants here are ISO 8601 in UTC ('2026-11-24T06:30:00.000Z'), as the query parameters are.

/** Bucket widths a client may ask for; `auto` lets the server pick the coarsest giving at most HISTORY_MAX_POINTS. */
export const HISTORY_RESOLUTIONS = ['raw', '1m', '15m', '1h', '1d'] as const
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number]
export const HISTORY_RESOLUTION_PARAMS = ['auto', ...HISTORY_RESOLUTIONS] as const
export const HISTORY_MAX_POINTS = 2000
/** Readings further apart than this are a period without connection: a gap, not a line. */
export const HISTORY_GAP_SECONDS = 120
/** Longest range that may be asked for at `raw` resolution (readings come every 10 s or so). */
export const HISTORY_RAW_MAX_HOURS = 6

/** The measured series of the history, each as min/avg/max per bucket (null when the bucket has none). */
export const HISTORY_METRICS = [
  'heater_temp',
  'heater_temp_set',
  'boiler_temp',
  'boiler_temp_set',
  'gas_temp',
  'burner_power',
  'flame_brightness',
] as const
export type HistoryMetric = (typeof HISTORY_METRICS)[number]

export const CONSUMPTION_PERIODS = ['day', 'week', 'month'] as const
export type ConsumptionPeriod = (typeof CONSUMPTION_PERIODS)[number]

/** Defaults of the fuel settings an owner may change. */
export const FUEL_DEFAULTS = { calorific_value: 4.8, boiler_efficiency: 0.9 } as const

export const isoInstant = z.iso.datetime({ offset: true }).describe('ISO 8601, UTC')

export const historyStatSchema = z.object({ min: z.number(), avg: z.number(), max: z.number() })

const metricShape = Object.fromEntries(
  HISTORY_METRICS.map((metric) => [metric, historyStatSchema.nullable()]),
) as {
  [Metric in HistoryMetric]: z.ZodNullable<typeof historyStatSchema>
}

/** One bucket as a row: what `historyBucketsOf` makes of the columns of `series`. */
export const historyBucketSchema = z.object({
  /** Start of the bucket (of the reading, for raw). */
  time: isoInstant,
  /** Readings in the bucket. */
  samples: z.number().int().nonnegative(),
  ...metricShape,
  /** The work mode of the bucket's last reading. */
  work_mode: z.number().int().nullable(),
  /** Whether the boiler was switched on (the last reading of the bucket). */
  is_on: z.boolean().nullable(),
})
export type HistoryBucket = z.infer<typeof historyBucketSchema>

const nullableNumbers = z.array(z.number().nullable())
/** One metric over the buckets: the i-th value of each array belongs to the i-th bucket; null where it had none. */
export const historySeriesStatSchema = z.object({
  min: nullableNumbers,
  avg: nullableNumbers,
  max: nullableNumbers,
})

const seriesMetricShape = Object.fromEntries(
  HISTORY_METRICS.map((metric) => [metric, historySeriesStatSchema]),
) as {
  [Metric in HistoryMetric]: typeof historySeriesStatSchema
}

/**
 * The buckets column by column (one array per value, all of the same length, oldest bucket first): a day of
 * minute buckets is 1,440 numbers per array instead of 1,440 objects repeating every member name, which is
 * less than half the bytes for a phone to fetch and for the server to write.
 */
export const historySeriesSchema = z
  .object({
    /** Start of each bucket (of the reading, for raw). */
    time: z.array(isoInstant),
    /** Readings in each bucket. */
    samples: z.array(z.number().int().nonnegative()),
    ...seriesMetricShape,
    /** The work mode of each bucket's last reading. */
    work_mode: z.array(z.number().int().nullable()),
    /** Whether the boiler was switched on (each bucket's last reading). */
    is_on: z.array(z.boolean().nullable()),
  })
  .refine(
    (series) => {
      const length = series.time.length
      const columns = [
        series.samples,
        series.work_mode,
        series.is_on,
        ...HISTORY_METRICS.flatMap((metric) => [series[metric].min, series[metric].avg, series[metric].max]),
      ]
      return columns.every((column) => column.length === length)
    },
    { message: 'every column of the series has one value per bucket' },
  )
export type HistorySeries = z.infer<typeof historySeriesSchema>

/** The buckets of a series as rows (a metric is null in a bucket where its average is). */
export function historyBucketsOf(series: HistorySeries): HistoryBucket[] {
  return series.time.map((time, i) => {
    const bucket: Record<string, unknown> = {
      time,
      samples: series.samples[i],
      work_mode: series.work_mode[i] ?? null,
      is_on: series.is_on[i] ?? null,
    }
    for (const metric of HISTORY_METRICS) {
      const column = series[metric]
      const avg = column.avg[i]
      bucket[metric] =
        avg === null || avg === undefined
          ? null
          : { min: column.min[i] ?? avg, avg, max: column.max[i] ?? avg }
    }
    return bucket as HistoryBucket
  })
}

/** Rows of buckets as a series (tests and clients that build documents). */
export function historySeriesOf(buckets: readonly HistoryBucket[]): HistorySeries {
  const metrics = Object.fromEntries(
    HISTORY_METRICS.map((metric) => [
      metric,
      {
        min: buckets.map((bucket) => bucket[metric]?.min ?? null),
        avg: buckets.map((bucket) => bucket[metric]?.avg ?? null),
        max: buckets.map((bucket) => bucket[metric]?.max ?? null),
      },
    ]),
  ) as { [Metric in HistoryMetric]: z.infer<typeof historySeriesStatSchema> }
  return {
    time: buckets.map((bucket) => bucket.time),
    samples: buckets.map((bucket) => bucket.samples),
    ...metrics,
    work_mode: buckets.map((bucket) => bucket.work_mode),
    is_on: buckets.map((bucket) => bucket.is_on),
  }
}

/** A period without connection: drawn as a gap, never interpolated. */
export const historyGapSchema = z.object({ from: isoInstant, to: isoInstant })

export const HISTORY_EVENT_KINDS = ['on', 'off', 'settings', 'error'] as const

export const historyEventSchema = z.object({
  time: isoInstant,
  kind: z.enum(HISTORY_EVENT_KINDS),
  /** The controller's error code (E1–E10) of an `error` event. */
  code: z.string().nullable(),
  /** The settings a `settings` event changed, by wire name, with their new values. */
  settings: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])).nullable(),
})

export const itemHistoryResourceSchema = resourceSchema('item-histories', {
  from: isoInstant,
  to: isoInstant,
  resolution: z.enum(HISTORY_RESOLUTIONS),
  time_zone: z.literal('Europe/Kyiv'),
  /** The demo boilers' history is simulated; clients say so. */
  demo: z.boolean(),
  /** A demo boiler's simulated past is still being written (after a first start): read again until false. */
  demo_filling: z.boolean(),
  /** The buckets, column by column. */
  series: historySeriesSchema,
  gaps: z.array(historyGapSchema),
  events: z.array(historyEventSchema),
})
export const itemHistoryDocumentSchema = documentSchema(itemHistoryResourceSchema)

export const consumptionPeriodSchema = z.object({
  start: isoInstant,
  end: isoInstant,
  /** Burner energy, ∫ burner_power dt over the readings, kWh. */
  energy_kwh: z.number(),
  /** energy / (calorific value × efficiency), kg. */
  fuel_kg: z.number(),
  /** fuel × price per kg, UAH; null while no price is set. */
  cost: z.number().nullable(),
  /** Share of the period (0–1) covered by readings; the rest is a gap, not zero burn. */
  coverage: z.number().min(0).max(1),
})

export const CONSUMPTION_COMPARISONS = ['previous_year'] as const

const consumptionTotalsSchema = z.object({
  energy_kwh: z.number(),
  fuel_kg: z.number(),
  cost: z.number().nullable(),
  coverage: z.number(),
})

/**
 * `compare=previous_year`: the same periods a year earlier (same Kyiv calendar days), and the year-earlier energy
 * normalised by heating degree-days (base 18 °C) when both ranges have outdoor temperatures: what last year's
 * heating would have used in this range's weather. Without them it is compared raw, and says so.
 */
export const consumptionComparisonSchema = z.object({
  compare: z.enum(CONSUMPTION_COMPARISONS),
  from: isoInstant,
  to: isoInstant,
  periods: z.array(consumptionPeriodSchema),
  totals: consumptionTotalsSchema,
  /** degree_days: normalised by the ranges' degree-days; raw: no outdoor temperatures in one of the ranges. */
  normalisation: z.enum(['degree_days', 'raw']),
  /** Degree-days of the days with an outdoor temperature in this range, and in the year-earlier one. */
  degree_days: z.number().nullable(),
  previous_degree_days: z.number().nullable(),
  outdoor_days: z.number().int(),
  previous_outdoor_days: z.number().int(),
  /** The year-earlier energy and fuel scaled to this range's degree-days; null when raw. */
  normalised_energy_kwh: z.number().nullable(),
  normalised_fuel_kg: z.number().nullable(),
  /** This range's energy against the year-earlier one (normalised where it is): +0.12 is 12 % more; null without energy a year earlier. */
  change: z.number().nullable(),
})
export type ConsumptionComparison = z.infer<typeof consumptionComparisonSchema>

export const itemConsumptionResourceSchema = resourceSchema('item-consumptions', {
  from: isoInstant,
  to: isoInstant,
  period: z.enum(CONSUMPTION_PERIODS),
  time_zone: z.literal('Europe/Kyiv'),
  calorific_value: z.number(),
  boiler_efficiency: z.number(),
  pellet_price_per_tonne: z.number().nullable(),
  currency: z.literal('UAH'),
  periods: z.array(consumptionPeriodSchema),
  totals: consumptionTotalsSchema,
  /** Present with `compare`. */
  comparison: consumptionComparisonSchema.optional(),
})
export const itemConsumptionDocumentSchema = documentSchema(itemConsumptionResourceSchema)

/**
 * The owner's fuel settings and the hopper estimate of one device: `GET /items/{id}/fuel`;
 * `PATCH /items/{id}/fuel` with `{ data: { type: 'item-fuel', id, attributes: fuelSettingsPatchSchema } }`;
 * `POST /items/{id}/hopper-refills` with `{ data: { type: 'hopper-refills', attributes: hopperRefillSchema } }`.
 * All three answer this document (the POST with 201). Fuel settings are the owner's, kept by the server; they
 * are not controller settings and never travel to the boiler.
 */
export const itemFuelResourceSchema = resourceSchema('item-fuel', {
  calorific_value: z.number(),
  boiler_efficiency: z.number(),
  pellet_price_per_tonne: z.number().nullable(),
  hopper_capacity_kg: z.number().nullable(),
  last_refill_at: isoInstant.nullable(),
  last_refill_kg: z.number().nullable(),
  /** Estimated pellets left: the last refill minus what burned since; null before the first refill. */
  fuel_left_kg: z.number().nullable(),
  /** Burn rate over the last 7 days with data, kg per day; null without data. */
  rate_kg_per_day: z.number().nullable(),
  /** fuel_left / rate; null when either is unknown or the rate is zero. */
  days_left: z.number().nullable(),
})
export const itemFuelDocumentSchema = documentSchema(itemFuelResourceSchema)
export const HOPPER_REFILL_TYPE = 'hopper-refills'
