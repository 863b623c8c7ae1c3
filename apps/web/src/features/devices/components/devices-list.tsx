import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { useItems } from '../../../lib/items/get-items'
import type { Device } from '../../../lib/items/item-document'
import { DeviceCard } from './device-card'

interface DevicesListProps {
  /** Administrators: whose devices (an account id), or every account's when 'all'. */
  owner?: 'all' | string | undefined
  /** What another feature shows on each card (its open alarms). */
  deviceExtra?: (device: Device) => ReactNode
}

/** "My devices" as cards; all of them at once, as the specification has no paging here. */
export function DevicesList({ owner, deviceExtra }: DevicesListProps = {}) {
  const { t } = useTranslation()
  const devices = useItems(owner === 'all' ? { everyone: true } : owner ? { userId: owner } : {})

  if (devices.isPending) {
    return <LoadingStatus>{t('devices.loading')}</LoadingStatus>
  }

  if (devices.isError) {
    return <RetryAlert onRetry={() => devices.refetch()}>{t('devices.loadFailed')}</RetryAlert>
  }

  if (devices.data.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <Typography variant="h2" component="p">
          {t('devices.empty')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('devices.emptyHint')}</Typography>
        <Button component={RouterLink} to="/items/new" variant="contained">
          {t('devices.add')}
        </Button>
      </Stack>
    )
  }

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(320px, 1fr))' },
      }}
    >
      {devices.data.map((device) => (
        <DeviceCard key={device.id} device={device} extra={deviceExtra?.(device)} />
      ))}
    </Box>
  )
}
