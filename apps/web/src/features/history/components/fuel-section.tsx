import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { CONSUMPTION_PERIODS, type ConsumptionPeriod, type ItemAccess } from '@teplo/domain'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../../components/charts/echart'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { deviceAccessLabel, deviceAllows } from '../../../lib/items/device-abilities'
import { type Consumption, type Fuel, useConsumption, useFuel } from '../api/fuel'
import { useChartColours } from '../hooks/use-chart-colours'
import { consumptionChartOption } from '../utils/consumption-option'
import { formatAmount, wholeDays } from '../utils/fuel-format'
import { FuelSettingsDialog } from './fuel-settings-dialog'
import { RefillDialog } from './refill-dialog'

/**
 * Fuel of one device: what is left in the hopper, the refill button, and consumption with its cost. Someone who
 * only watches the device is told why they cannot record a refill instead of being offered one.
 */
export function FuelSection({ itemId, access }: { itemId: string; access: ItemAccess }) {
  const { t } = useTranslation()
  const fuel = useFuel(itemId)
  const operates = deviceAllows({ access }, 'operate')
  const [dialog, setDialog] = useState<'refill' | 'settings' | null>(null)
  return (
    <Card component="section" aria-labelledby="fuel-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="fuel-title" variant="h2">
            {t('fuel.title')}
          </Typography>
          {fuel.isError ? (
            <RetryAlert onRetry={() => fuel.refetch()}>{t('fuel.loadFailed')}</RetryAlert>
          ) : fuel.data ? (
            <HopperEstimate fuel={fuel.data} />
          ) : (
            <LoadingStatus>{t('fuel.loading')}</LoadingStatus>
          )}
          {operates ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" disabled={!fuel.data} onClick={() => setDialog('refill')}>
                {t('fuel.refill.open')}
              </Button>
              <Button variant="outlined" disabled={!fuel.data} onClick={() => setDialog('settings')}>
                {t('fuel.settings.open')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('fuel.viewOnly', { level: deviceAccessLabel({ access }) })}
            </Typography>
          )}
          <ConsumptionPanel itemId={itemId} />
        </Stack>
      </CardContent>
      {/* Mounted while open, so each opening starts from the current values. */}
      {fuel.data && operates && dialog === 'refill' && (
        <RefillDialog itemId={itemId} fuel={fuel.data} open onClose={() => setDialog(null)} />
      )}
      {fuel.data && operates && dialog === 'settings' && (
        <FuelSettingsDialog itemId={itemId} fuel={fuel.data} open onClose={() => setDialog(null)} />
      )}
    </Card>
  )
}

function HopperEstimate({ fuel }: { fuel: Fuel }) {
  const { t } = useTranslation()
  if (fuel.fuel_left_kg === null) return <Typography>{t('fuel.noRefill')}</Typography>
  const left = t('fuel.left', { kg: formatAmount(Math.max(0, fuel.fuel_left_kg), 0) })
  return (
    <Stack spacing={0.5}>
      <Typography variant="h3" component="p" data-testid="fuel-left">
        {left}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {fuel.days_left === null
          ? t('fuel.daysUnknown')
          : t('fuel.daysLeft', { count: wholeDays(fuel.days_left) })}
      </Typography>
    </Stack>
  )
}

function ConsumptionPanel({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const [period, setPeriod] = useState<ConsumptionPeriod>('day')
  const consumption = useConsumption(itemId, period)
  return (
    <Stack spacing={1.5}>
      <Typography variant="h3">{t('fuel.consumption.title')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        onChange={(_event, next: ConsumptionPeriod | null) => next && setPeriod(next)}
        aria-label={t('fuel.consumption.period')}
      >
        {CONSUMPTION_PERIODS.map((value) => (
          <ToggleButton key={value} value={value}>
            {t(`fuel.consumption.periods.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {consumption.isError ? (
        <RetryAlert onRetry={() => consumption.refetch()}>{t('fuel.consumption.loadFailed')}</RetryAlert>
      ) : consumption.data ? (
        <ConsumptionView consumption={consumption.data} />
      ) : (
        <LoadingStatus>{t('fuel.loading')}</LoadingStatus>
      )}
    </Stack>
  )
}

function ConsumptionView({ consumption }: { consumption: Consumption }) {
  const { t } = useTranslation()
  const labels = useMemo(
    () => ({
      fuel: t('fuel.consumption.fuel'),
      kilograms: t('fuel.units.kg'),
      kwh: t('fuel.units.kwh'),
      uah: t('fuel.units.uah'),
      partial: t('fuel.consumption.partial'),
      noData: t('fuel.consumption.noData'),
    }),
    [t],
  )
  const colours = useChartColours()
  const option = useMemo(
    () => consumptionChartOption(consumption, labels, colours),
    [consumption, labels, colours],
  )
  const { totals } = consumption
  const summary = [
    t('fuel.consumption.totalFuel', { kg: formatAmount(totals.fuel_kg) }),
    t('fuel.consumption.totalEnergy', { kwh: formatAmount(totals.energy_kwh, 0) }),
    totals.cost === null
      ? t('fuel.consumption.noPrice')
      : t('fuel.consumption.totalCost', { uah: formatAmount(totals.cost, 0) }),
  ].join(' · ')
  return (
    <Stack spacing={1}>
      <Typography data-testid="consumption-totals">{summary}</Typography>
      {totals.coverage < 0.999 && (
        <Alert severity="info">
          {t('fuel.consumption.coverage', { percent: Math.round(totals.coverage * 100) })}
        </Alert>
      )}
      <EChart option={option} summary={summary} height={{ xs: 240, md: 280 }} testId="consumption-chart" />
    </Stack>
  )
}
