import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  accessLabel,
  FLEET_ATTENTION,
  FLEET_SORTS,
  type FleetAttention,
  type FleetDeviceResource,
  type FleetSort,
  fleetAttentionLabel,
} from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { SearchField } from '../../../components/ui/search-field'
import { SelectField } from '../../../components/ui/select-field'
import { formatDate, formatDateTime, parseWireDate } from '../../../lib/dates'
import { domainMessage } from '../../../lib/domain-messages'
import { addScreenStrings, currentLanguage } from '../../../lib/i18n'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import strings from '../../../locales/uk-fleet.json'
import { useFleet } from '../api/get-fleet'

addScreenStrings(strings, () => import('../../../locales/en-fleet.json'))

const CHIP_COLOR: Record<FleetAttention, 'error' | 'warning' | 'info' | 'default' | 'success'> = {
  alarm: 'error',
  refused: 'error',
  offline: 'error',
  'settings-pending': 'warning',
  unpaired: 'info',
  ok: 'success',
  archived: 'default',
}

/** The installer's fleet: every boiler they have access to, what needs attention first. */
export function FleetScreen() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [attention, setAttention] = useState<FleetAttention | ''>('')
  const [sort, setSort] = useState<FleetSort>('attention')
  const [page, setPage] = useState(1)
  const settledSearch = useDebouncedValue(search, 300)
  const fleet = useFleet({ page, search: settledSearch, attention, sort })
  const meta = fleet.data?.meta.page
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SearchField
          label={t('fleet.search')}
          value={search}
          onChange={(value) => {
            setSearch(value)
            setPage(1)
          }}
        />
        <div style={{ minWidth: 0, flex: '0 1 18rem' }}>
          <SelectField
            label={t('fleet.attention')}
            value={attention}
            options={[
              { value: '', label: t('fleet.all') },
              ...FLEET_ATTENTION.map((name) => ({
                value: name,
                label: fleetAttentionLabel(name, currentLanguage()),
              })),
            ]}
            onChange={(value) => {
              setAttention(value as FleetAttention | '')
              setPage(1)
            }}
          />
        </div>
        <div style={{ minWidth: 0, flex: '0 1 18rem' }}>
          <SelectField
            label={t('fleet.sort')}
            value={sort}
            options={FLEET_SORTS.map((name) => ({ value: name, label: t(`fleet.sorts.${name}`) }))}
            onChange={(value) => {
              setSort(value as FleetSort)
              setPage(1)
            }}
          />
        </div>
      </Stack>
      {fleet.isError ? (
        <RetryAlert onRetry={() => fleet.refetch()}>{t('fleet.loadFailed')}</RetryAlert>
      ) : !fleet.data ? (
        <LoadingStatus>{t('fleet.loading')}</LoadingStatus>
      ) : fleet.data.data.length === 0 ? (
        <Typography>{t('fleet.empty')}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('routes.fleet')}
        >
          {fleet.data.data.map((device) => (
            <FleetRow key={device.id} device={device} />
          ))}
        </Stack>
      )}
      {meta && meta.lastPage > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('fleet.prev')}
          </Button>
          <Typography variant="body2">
            {t('fleet.page', { page: meta.currentPage, pages: meta.lastPage, total: meta.total })}
          </Typography>
          <Button disabled={page >= meta.lastPage} onClick={() => setPage(page + 1)}>
            {t('fleet.next')}
          </Button>
        </Stack>
      )}
    </Stack>
  )
}

function FleetRow({ device }: { device: FleetDeviceResource }) {
  const { t } = useTranslation()
  const a = device.attributes
  return (
    <Card component="li" aria-label={a.name}>
      <CardContent>
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {a.name}
            </Typography>
            <Chip
              size="small"
              color={CHIP_COLOR[a.attention]}
              label={fleetAttentionLabel(a.attention, currentLanguage())}
            />
            {a.open_errors > 0 && (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('fleet.openErrors', { count: a.open_errors })}
              />
            )}
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('fleet.serial')}: {a.serial_number} · {t('fleet.owner')}: {a.owner} · {t('fleet.access')}:{' '}
            {accessLabel(a.access, currentLanguage())}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('fleet.lastContact')}: {a.last_seen_at ? formatDateTime(a.last_seen_at) : t('fleet.never')}
            {a.sync_reason ? ` · ${domainMessage(a.sync_reason)}` : ''}
          </Typography>
          {a.maintenance_task && a.maintenance_due_at && (
            <Typography variant="body2" data-testid="fleet-maintenance">
              {t(
                (parseWireDate(a.maintenance_due_at)?.getTime() ?? 0) < Date.now()
                  ? 'fleet.maintenanceOverdue'
                  : 'fleet.maintenanceDue',
                {
                  task: t(`fleet.maintenanceTasks.${a.maintenance_task}`),
                  date: formatDate(a.maintenance_due_at),
                },
              )}
            </Typography>
          )}
          {a.status !== 'pending' && (
            <Link component={RouterLink} to={`/dashboards?device=${encodeURIComponent(device.id)}`}>
              {t('fleet.open')}
            </Link>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
