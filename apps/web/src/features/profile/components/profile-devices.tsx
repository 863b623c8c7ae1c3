import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { itemManagementLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { formatDate } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { useItems } from '../../../lib/items/get-items'
import type { Device } from '../../../lib/items/item-document'

const STATUS_COLOURS: Record<Device['status'], { bg: string; fg: string }> = {
  on: { bg: 'tint.successBg', fg: 'tint.successText' },
  off: { bg: 'tint.neutralBg', fg: 'tint.neutralText' },
  archive: { bg: 'tint.errorBg', fg: 'tint.errorText' },
  pending: { bg: 'tint.warningBg', fg: 'tint.warningText' },
  connecting: { bg: 'tint.infoBg', fg: 'tint.infoText' },
}

/** The signed-in user's devices, newest first, with their connection status as the server reports it. */
export function ProfileDevices({ userId }: { userId: string }) {
  const { t } = useTranslation()
  const query = useItems({ userId, sort: '-created_at' })

  return (
    <Card component="section" aria-labelledby="profile-devices" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography id="profile-devices" variant="h2" sx={{ mb: 2 }}>
        {t('profile.devices')}
      </Typography>
      {query.isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('profile.loading')}</Typography>
        </Stack>
      ) : query.isError ? (
        <RetryAlert onRetry={() => query.refetch()}>{t('profile.loadFailed')}</RetryAlert>
      ) : query.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('profile.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {query.data.map((device) => (
            <DeviceRow key={device.id} device={device} />
          ))}
        </Stack>
      )}
    </Card>
  )
}

function DeviceRow({ device }: { device: Device }) {
  const { t } = useTranslation()
  const colours = STATUS_COLOURS[device.status]
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      sx={{
        gap: 1,
        justifyContent: 'space-between',
        alignItems: { sm: 'center' },
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <div>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{device.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[device.category?.name, t('profile.added', { date: formatDate(device.created_at) })]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </div>
      <Chip
        label={itemManagementLabel(device.status, device.verification_token, currentLanguage())}
        sx={{
          bgcolor: colours.bg,
          color: colours.fg,
          fontWeight: 600,
          alignSelf: { xs: 'flex-start', sm: 'center' },
        }}
      />
    </Stack>
  )
}
