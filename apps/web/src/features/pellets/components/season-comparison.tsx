import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatYearDay } from '../../../lib/dates'
import { formatNumber } from '../../../lib/numbers'
import type { EnergyCounters } from '../api/pellets'
import { SeasonDialog } from './season-dialog'

type Season = EnergyCounters['seasons'][number]

/**
 * This heating season beside the last one (ADR 058): energy, pellets, their cost, burner hours and ignitions, and
 * the degree-days that say how cold each was; each counter says whether the controller gave it or Teplo counted it.
 * Rows of label and two values: it reads on a phone without a table.
 */
export function SeasonComparison({
  counters,
  itemId,
  operates,
}: {
  counters: EnergyCounters
  itemId: string
  /** Whoever operates the device may change the season's days. */
  operates: boolean
}) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const [current, previous] = counters.seasons
  if (!current || !previous) return null
  const number = (value: number | null, digits = 0) => (value === null ? '—' : formatNumber(value, digits))
  const source = (season: Season, which: 'burner_hours_source' | 'ignitions_source') =>
    t(`pellets.season.source.${season[which]}`)
  const rows: { key: string; label: string; values: [string, string] }[] = [
    {
      key: 'energy',
      label: t('pellets.season.energy'),
      values: [number(current.energy_kwh), number(previous.energy_kwh)],
    },
    {
      key: 'fuel',
      label: t('pellets.season.fuel'),
      values: [number(current.fuel_kg), number(previous.fuel_kg)],
    },
    { key: 'cost', label: t('pellets.season.cost'), values: [number(current.cost), number(previous.cost)] },
    {
      key: 'hours',
      label: t('pellets.season.burnerHours'),
      values: [
        `${number(current.burner_hours, 1)} (${source(current, 'burner_hours_source')})`,
        `${number(previous.burner_hours, 1)} (${source(previous, 'burner_hours_source')})`,
      ],
    },
    {
      key: 'ignitions',
      label: t('pellets.season.ignitions'),
      values: [
        `${number(current.ignitions)} (${source(current, 'ignitions_source')})`,
        `${number(previous.ignitions)} (${source(previous, 'ignitions_source')})`,
      ],
    },
    {
      key: 'degree-days',
      label: t('pellets.season.degreeDays'),
      values: [number(current.degree_days), number(previous.degree_days)],
    },
  ]
  return (
    <Stack spacing={1.5} data-testid="season-comparison">
      <Typography id="season-comparison-title" variant="h2">
        {t('pellets.season.title')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="season-span">
          {t('pellets.season.span', {
            start: formatYearDay(counters.season_start),
            end: formatYearDay(counters.season_end),
          })}
          {current.current ? ` ${t('pellets.season.toDate')}` : ''}
        </Typography>
        {operates && (
          <Button size="small" onClick={() => setEditing(true)}>
            {t('pellets.season.change')}
          </Button>
        )}
      </Stack>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', fontWeight: 600, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography sx={{ flex: 2 }} />
        <Typography sx={{ flex: 1.5, textAlign: 'right', fontWeight: 600 }}>{current.label}</Typography>
        <Typography sx={{ flex: 1.5, textAlign: 'right', fontWeight: 600 }}>{previous.label}</Typography>
      </Stack>
      {rows.map((row) => (
        <Stack
          key={row.key}
          direction="row"
          data-testid={`season-${row.key}`}
          sx={{ alignItems: 'baseline' }}
        >
          <Typography sx={{ flex: 2, color: 'text.secondary' }}>{row.label}</Typography>
          <Typography sx={{ flex: 1.5, textAlign: 'right' }}>{row.values[0]}</Typography>
          <Typography sx={{ flex: 1.5, textAlign: 'right' }}>{row.values[1]}</Typography>
        </Stack>
      ))}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="season-totals">
        {t('pellets.season.totals', {
          kwh: number(counters.energy_kwh_total),
          hours: number(counters.burner_hours_total, 1),
          hoursSource: t(`pellets.season.source.${counters.sources.burner_hours_total}`),
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {current.degree_days !== null && previous.degree_days !== null
          ? t('pellets.season.degreeDaysNote')
          : t('pellets.season.noOutdoor')}
      </Typography>
      {editing && (
        <SeasonDialog
          itemId={itemId}
          start={counters.season_start}
          end={counters.season_end}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  )
}
