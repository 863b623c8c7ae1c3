import { z } from 'zod'
import { msg } from '../i18n/message'

// The heating season of a device (docs/api.md "Energy counters", ADR 058): the energy counters add up each season
// from its first day to its last, on Kyiv's calendar. A season may cross the new year (1 Sep – 31 May).

/** The season Teplo assumes until the owner changes it: 1 September to 31 May. */
export const HEATING_SEASON_DEFAULTS = { season_start: '09-01', season_end: '05-31' } as const

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** 'MM-DD' naming a day of the year (29 February allowed: it is the last of February when the year has none). */
export function isSeasonDay(text: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const month = Number(match[1])
  const day = Number(match[2])
  return month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month - 1] ?? 0)
}

const seasonDay = (field: 'start' | 'end') =>
  z
    .string({ error: msg(`pellets.season.${field}Format`) })
    .refine(isSeasonDay, { error: msg(`pellets.season.${field}Format`) })

/** PATCH /items/{id}/energy: the heating season's first and last day; what is not sent stays. */
export const energySettingsPatchSchema = z
  .object({
    season_start: seasonDay('start').optional(),
    season_end: seasonDay('end').optional(),
  })
  .strict()
export type EnergySettingsPatch = z.infer<typeof energySettingsPatchSchema>
