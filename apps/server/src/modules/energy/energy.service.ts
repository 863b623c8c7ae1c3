import {
  ENERGY_COUNTERS_TYPE,
  type EnergyCountersDocument,
  type EnergySeason,
  type EnergySettingsPatch,
  HEATING_SEASON_DEFAULTS,
  kyivDate,
  msg,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField } from '../../lib/api-error.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { type AuditChanges, recordAudit } from '../audit/item-audit.ts'
import { fuelCost, fuelKg, fuelParameters } from '../history/fuel.service.ts'
import { itemFuel } from '../history/history.tables.ts'
import { TIME_ZONE } from '../history/history-slices.ts'
import { type Caller, itemFor, visibleItem } from '../items/item-access.ts'
import { degreeDaysBetween } from './degree-days.ts'
import { kyivDayStart, recentSeasons } from './seasons.ts'
import { usageDetailBetween } from './usage.ts'

// The energy counters of a device (ADR 058): totals since the first reading from the daily rollup (one row a day),
// and the season under way and the one before from usageDetailBetween, with their degree-days.

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

export async function heatingSeason(db: Pick<Database, 'select'>, itemId: number) {
  const [row] = await db
    .select({ start: itemFuel.seasonStart, end: itemFuel.seasonEnd })
    .from(itemFuel)
    .where(eq(itemFuel.itemId, itemId))
  return {
    start: row?.start ?? HEATING_SEASON_DEFAULTS.season_start,
    end: row?.end ?? HEATING_SEASON_DEFAULTS.season_end,
  }
}

type TotalsRow = {
  since: Date | string | null
  energy: number | string
  samples: number | string
  on_s: number | string
  lit: number | string
  hours_max: number | string | null
  hours_n: number | string
  ign_max: number | string | null
  ign_n: number | string
}

/** Totals since the first reading: the controller's own counter where it ever reported one (its figure since commissioning). */
async function totals(db: Database, itemId: number) {
  const result = await db.execute(sql`
    select min(bucket) as since, coalesce(sum(energy_kwh), 0) as energy, coalesce(sum(samples), 0) as samples,
      coalesce(sum(burner_on_s), 0) as on_s, coalesce(sum(lit_count), 0) as lit,
      max(burner_hours_max) as hours_max, coalesce(sum(burner_hours_n), 0) as hours_n,
      max(ignitions_max) as ign_max, coalesce(sum(ignitions_n), 0) as ign_n
    from telemetry_1d where item_id = ${itemId}::int`)
  const [row] = rowsOf<TotalsRow>(result)
  const hoursFromController = Number(row?.hours_n ?? 0) > 0 && row?.hours_max != null
  const ignitionsFromController = Number(row?.ign_n ?? 0) > 0 && row?.ign_max != null
  const samples = Number(row?.samples ?? 0)
  return {
    since: row?.since ? new Date(row.since) : null,
    energy: Number(row?.energy ?? 0),
    burnerHours: hoursFromController ? Number(row?.hours_max) : Number(row?.on_s ?? 0) / 3600,
    burnerHoursSource: hoursFromController ? ('controller' as const) : ('derived' as const),
    ignitions: ignitionsFromController
      ? Number(row?.ign_max)
      : samples > 0 || row?.since
        ? Number(row?.lit ?? 0)
        : null,
    ignitionsSource: ignitionsFromController ? ('controller' as const) : ('derived' as const),
  }
}

async function seasonFigures(
  db: Database,
  itemId: number,
  span: { label: string; firstDay: string; endDay: string },
  current: boolean,
  now: Date,
  fuel: Awaited<ReturnType<typeof fuelParameters>>,
): Promise<EnergySeason> {
  const start = kyivDayStart(span.firstDay)
  const end = kyivDayStart(span.endDay)
  const until = end < now ? end : now
  const [usage, degree] = await Promise.all([
    usageDetailBetween(db, itemId, start, until, fuel),
    degreeDaysBetween(db, itemId, start, until),
  ])
  const span_s = Math.max(0, (until.getTime() - start.getTime()) / 1000)
  const cost = fuelCost(usage.fuel_kg, fuel)
  return {
    label: span.label,
    start: start.toISOString(),
    end: end.toISOString(),
    until: until.toISOString(),
    current,
    energy_kwh: round(usage.energy_kwh, 1),
    fuel_kg: round(usage.fuel_kg, 1),
    cost: cost === null ? null : round(cost),
    burner_hours: round(usage.burner_hours, 1),
    burner_hours_source: usage.burner_hours_source,
    ignitions: usage.ignitions === null ? null : Math.round(usage.ignitions),
    ignitions_source: usage.ignitions_source,
    coverage: span_s === 0 ? 0 : round(Math.min(1, usage.covered_s / span_s), 4),
    degree_days: degree.degreeDays === null ? null : round(degree.degreeDays, 1),
    outdoor_days: degree.days,
  }
}

export async function energyCountersDocument(
  db: Database,
  itemId: number,
  now = new Date(),
): Promise<EnergyCountersDocument> {
  const [season, total, fuel] = await Promise.all([
    heatingSeason(db, itemId),
    totals(db, itemId),
    fuelParameters(db, itemId),
  ])
  const seasons = await Promise.all(
    recentSeasons(kyivDate(now), season.start, season.end).map(({ season: span, current }) =>
      seasonFigures(db, itemId, span, current, now, fuel),
    ),
  )
  return {
    data: {
      type: ENERGY_COUNTERS_TYPE,
      id: String(itemId),
      attributes: {
        since: total.since ? total.since.toISOString() : null,
        energy_kwh_total: round(total.energy, 1),
        fuel_kg_total: round(fuelKg(total.energy, fuel), 1),
        burner_hours_total: round(total.burnerHours, 1),
        ignitions_total: total.ignitions === null ? null : Math.round(total.ignitions),
        sources: {
          energy_kwh_total: 'derived',
          fuel_kg_total: 'derived',
          burner_hours_total: total.burnerHoursSource,
          ignitions_total: total.ignitionsSource,
        },
        season_start: season.start,
        season_end: season.end,
        seasons,
        currency: 'UAH',
        time_zone: TIME_ZONE,
      },
      links: { self: `/api/v2/items/${itemId}/energy` },
    },
  }
}

export async function getEnergyCounters(db: Database, caller: Caller, itemId: number) {
  await visibleItem(db, caller, itemId)
  return energyCountersDocument(db, itemId)
}

/**
 * Whoever operates the device changes the heating season (kept with the fuel settings); what is not sent stays.
 * A change goes into the change log («Змінено опалювальний сезон»), each day that moved from → to.
 */
export async function updateEnergySettings(
  db: Database,
  caller: Caller,
  itemId: number,
  patch: EnergySettingsPatch,
) {
  await itemFor(db, caller, itemId, 'operate')
  const before = await heatingSeason(db, itemId)
  const start = patch.season_start ?? before.start
  const end = patch.season_end ?? before.end
  if (start === end) {
    throw invalidField(
      patch.season_end !== undefined ? 'season_end' : 'season_start',
      msg('pellets.season.sameDay'),
    )
  }
  const changes: AuditChanges = {}
  if (start !== before.start) changes.season_start = { from: before.start, to: start }
  if (end !== before.end) changes.season_end = { from: before.end, to: end }
  await db.transaction(async (tx) => {
    await tx
      .insert(itemFuel)
      .values({ itemId, seasonStart: start, seasonEnd: end })
      .onConflictDoUpdate({
        target: itemFuel.itemId,
        set: { seasonStart: start, seasonEnd: end, updatedAt: new Date() },
      })
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { itemId, actorId: caller.userId, action: 'heating-season', changes })
  })
  return energyCountersDocument(db, itemId)
}
