import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { kyivDate, PELLETS_UK, registerMessages } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { addScreenStrings } from '../../../lib/i18n'
import { deviceAccessLabel, deviceAllows } from '../../../lib/items/device-abilities'
import { useItem } from '../../../lib/items/get-item'
import { formatNumber } from '../../../lib/numbers'
import strings from '../../../locales/uk-pellets.json'
import { type PelletStore, useEnergyCounters, usePelletStore } from '../api/pellets'
import { DeliveriesList } from './deliveries-list'
import { DeliveryDialog } from './delivery-dialog'
import { ForecastChart } from './forecast-chart'
import { MaintenanceList } from './maintenance-list'
import { SeasonComparison } from './season-comparison'
import { StoreForecast } from './store-forecast'
import { StoreSettingsDialog } from './store-settings-dialog'

// The screen's words travel with it, and the domain's refusals of a delivery in Ukrainian (ADR 055).
addScreenStrings(strings, () => import('../../../locales/en-pellets.json'))
registerMessages('uk', { pellets: PELLETS_UK })

/**
 * «Паливо та обслуговування» of one boiler: the pellet store, its forecast and deliveries (ADR 057), and the
 * maintenance tasks with «Виконано» (ADR 059).
 */
export default function FuelScreen({ itemId, role = 'user' }: { itemId: string; role?: string }) {
  const { t } = useTranslation()
  const device = useItem(itemId)
  const store = usePelletStore(itemId)
  const today = kyivDate(new Date())
  const [dialog, setDialog] = useState<'delivery' | 'settings' | null>(null)

  if (device.isError || store.isError) {
    return (
      <RetryAlert
        onRetry={() => {
          void device.refetch()
          void store.refetch()
        }}
      >
        {t('pellets.loadFailed')}
      </RetryAlert>
    )
  }
  if (!device.data || !store.data) return <LoadingStatus>{t('pellets.loading')}</LoadingStatus>
  const operates = deviceAllows(device.data, 'operate')

  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="p">
        {device.data.name}
      </Typography>
      <Card component="section" aria-labelledby="pellet-store-title">
        <CardContent>
          <Stack spacing={2}>
            <Typography id="pellet-store-title" variant="h2">
              {t('pellets.title')}
            </Typography>
            <StoreFigures store={store.data} />
            <StoreForecast store={store.data} today={today} />
            {operates ? (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button variant="contained" onClick={() => setDialog('delivery')}>
                  {t('pellets.actions.deliver')}
                </Button>
                <Button variant="outlined" onClick={() => setDialog('settings')}>
                  {t('pellets.actions.settings')}
                </Button>
              </Stack>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('pellets.viewOnly', { level: deviceAccessLabel(device.data) })}
              </Typography>
            )}
            <ForecastChart store={store.data} today={today} />
          </Stack>
        </CardContent>
      </Card>
      <EnergySection itemId={itemId} operates={operates} />
      <Card component="section" aria-labelledby="maintenance-title">
        <CardContent>
          <MaintenanceList
            itemId={itemId}
            operates={operates}
            commissions={deviceAllows(device.data, 'commission', role)}
            today={today}
          />
        </CardContent>
      </Card>
      <Card component="section">
        <CardContent>
          <DeliveriesList itemId={itemId} operates={operates} />
        </CardContent>
      </Card>
      <Button component={RouterLink} to="/dashboards" sx={{ alignSelf: 'flex-start' }}>
        {t('pellets.backToDashboard')}
      </Button>
      {/* Mounted while open, so each opening starts from the current values. */}
      {operates && dialog === 'delivery' && (
        <DeliveryDialog itemId={itemId} today={today} onClose={() => setDialog(null)} />
      )}
      {operates && dialog === 'settings' && (
        <StoreSettingsDialog itemId={itemId} store={store.data} onClose={() => setDialog(null)} />
      )}
    </Stack>
  )
}

/** The heating season beside the last (its own request: the store shows while the counters are read). */
function EnergySection({ itemId, operates }: { itemId: string; operates: boolean }) {
  const { t } = useTranslation()
  const counters = useEnergyCounters(itemId)
  return (
    <Card component="section" aria-labelledby="season-comparison-title">
      <CardContent>
        {counters.isError ? (
          <RetryAlert onRetry={() => void counters.refetch()}>{t('pellets.season.loadFailed')}</RetryAlert>
        ) : counters.data ? (
          <SeasonComparison counters={counters.data} itemId={itemId} operates={operates} />
        ) : (
          <LoadingStatus>{t('pellets.loading')}</LoadingStatus>
        )}
      </CardContent>
    </Card>
  )
}

function StoreFigures({ store }: { store: PelletStore }) {
  const { t } = useTranslation()
  const kg = (value: number) => formatNumber(value, 0)
  const lines = [
    store.hopper_kg === null ? t('pellets.hopperUnknown') : t('pellets.hopper', { kg: kg(store.hopper_kg) }),
    store.capacity_kg === null ? null : t('pellets.capacity', { kg: kg(store.capacity_kg) }),
    store.min_stock_kg > 0 ? t('pellets.reserve', { kg: kg(store.min_stock_kg) }) : null,
    t('pellets.lead', { count: store.reorder_lead_days }),
    store.average_price_per_kg === null
      ? null
      : t('pellets.averagePrice', { uah: formatNumber(store.average_price_per_kg, 2) }),
    store.rate_kg_per_day === null ? null : t('pellets.rate', { kg: formatNumber(store.rate_kg_per_day, 1) }),
  ].filter((line): line is string => line !== null)
  return (
    <Stack spacing={0.5}>
      <Typography variant="h3" component="p" data-testid="pellet-stock">
        {t('pellets.stock', { kg: kg(store.stock_kg) })}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} sx={{ color: 'text.secondary' }}>
          {line}
        </Typography>
      ))}
    </Stack>
  )
}
