import Alert from '@mui/material/Alert'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { itemManagementLabel, type SyncStatus, syncStatusLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { formatClock, formatDateTime } from '../../../lib/dates'
import { domainMessage } from '../../../lib/domain-messages'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import { ReportedValues } from './reported-values'

// The theme's tints: dark text on pale fills (light scheme) or the reverse, every chip above 4.5:1 contrast.
const SYNC_COLORS = {
  synced: { bgcolor: 'tint.successBg', color: 'tint.successText' },
  pending: { bgcolor: 'tint.warningBg', color: 'tint.warningText' },
  refused: { bgcolor: 'tint.errorBg', color: 'tint.errorText' },
} as const satisfies Record<SyncStatus, { bgcolor: string; color: string }>

interface DeviceStateProps {
  device: Device
  /** Set while the server does not answer: when the values shown were received (ms since epoch). */
  asOf?: number
}

/** Says honestly whether the device is reachable and whether it has applied the last change. */
export function DeviceState({ device, asOf }: DeviceStateProps) {
  const { t } = useTranslation()
  // Without the server nothing is known about the boiler now: no chip claims "connected" or "applied".
  if (asOf !== undefined) {
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" variant="outlined" label={t('deviceState.unknown')} />
        <Chip
          size="small"
          variant="outlined"
          label={`${t('dashboard.sync')}: ${t('deviceState.syncUnknown')}`}
        />
        <Typography variant="body2" sx={{ color: 'tint.warningText', fontWeight: 600 }}>
          {t('deviceState.asOf', { time: formatClock(asOf) })}
        </Typography>
      </Stack>
    )
  }
  const connected = device.status === 'on' || device.status === 'off'
  const offline = device.status === 'connecting'
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {(connected || offline) && (
          <Chip
            size="small"
            variant="outlined"
            color={offline ? 'default' : 'success'}
            label={itemManagementLabel(offline ? 'connecting' : 'on', null, currentLanguage())}
          />
        )}
        <Chip
          size="small"
          sx={{ ...SYNC_COLORS[device.sync_status], fontWeight: 600 }}
          label={`${t('dashboard.sync')}: ${syncStatusLabel(device.sync_status, domainMessage(device.sync_reason), currentLanguage())}`}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {device.last_seen_at
            ? t('dashboard.lastSeen', { date: formatDateTime(device.last_seen_at) })
            : t('dashboard.neverSeen')}
        </Typography>
      </Stack>
      {device.device_link?.identity_conflict && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('deviceState.identityConflict', {
            takeovers: device.device_link.identity_conflict.takeovers,
            time: formatDateTime(device.device_link.identity_conflict.last_takeover_at),
          })}
        </Alert>
      )}
      <ReportedValues device={device} />
    </>
  )
}
