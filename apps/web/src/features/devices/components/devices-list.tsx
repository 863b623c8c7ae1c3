import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { useItems } from '../../../lib/items/get-items'
import { DeviceCard } from './device-card'

/** "My devices" as cards; all of them at once, as the specification has no paging here. */
export function DevicesList() {
  const { t } = useTranslation()
  const devices = useItems()

  if (devices.isPending) {
    return (
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-hidden />
        <Typography>{t('devices.loading')}</Typography>
      </Stack>
    )
  }

  if (devices.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => devices.refetch()}>
            {t('devices.retry')}
          </Button>
        }
      >
        {t('devices.loadFailed')}
      </Alert>
    )
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
        <DeviceCard key={device.id} device={device} />
      ))}
    </Box>
  )
}
