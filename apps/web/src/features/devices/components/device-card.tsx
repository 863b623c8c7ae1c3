import EditRounded from '@mui/icons-material/EditRounded'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { accessLabel } from '@teplo/domain'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import { deviceStatusText, deviceSyncText } from '../utils/device-status'
import { DeleteDeviceButton } from './delete-device-button'
import { DetailsList } from './details-list'
import { NewPairingCodeButton } from './new-pairing-code-button'
import { OwnerCodeButton } from './owner-code-button'

/** One of "my devices": what it is, whose, and whether its controller is connected. */
export function DeviceCard({ device, extra }: { device: Device; extra?: ReactNode }) {
  const { t } = useTranslation()
  const headingId = useId()
  const rows = [
    [t('devices.form.serial'), device.serial_number],
    [t('devices.owner'), device.owner],
    [t('devices.access'), accessLabel(device.access, currentLanguage())],
    [t('devices.type'), device.category?.name || '-'],
    [t('devices.status'), deviceStatusText(device)],
    [t('devices.sync'), deviceSyncText(device)],
    [t('devices.added'), formatDate(device.created_at)],
  ] as const
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {device.name}
        </Typography>
        <DetailsList items={rows} />
        {extra}
        {device.status !== 'pending' && (
          <Stack direction="row" spacing={2} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`/dashboards?device=${encodeURIComponent(device.id)}`}>
              {t('devices.links.dashboard')}
            </Link>
            <Link component={RouterLink} to={`/items/errors?device=${encodeURIComponent(device.id)}`}>
              {t('devices.links.errors')}
            </Link>
          </Stack>
        )}
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={`/items/edit/${device.id}`}
          variant="outlined"
          startIcon={<EditRounded />}
          aria-label={t('devices.editNamed', { name: device.name })}
        >
          {t('devices.edit')}
        </Button>
        <NewPairingCodeButton device={device} />
        <OwnerCodeButton device={device} />
        <DeleteDeviceButton device={device} />
      </CardActions>
    </Card>
  )
}
