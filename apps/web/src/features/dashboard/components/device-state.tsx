import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ITEM_MANAGEMENT_LABELS, type SyncStatus, syncStatusLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/dates'
import type { Device } from '../../../lib/items/item-document'
import { ReportedValues } from './reported-values'

// Dark text on pale fills keeps every chip above 4.5:1 contrast.
const SYNC_COLORS = {
  synced: { bgcolor: '#dcfce7', color: '#14532d' },
  pending: { bgcolor: '#fef3c7', color: '#78350f' },
  refused: { bgcolor: '#fee2e2', color: '#7f1d1d' },
} as const satisfies Record<SyncStatus, { bgcolor: string; color: string }>

/** Says honestly whether the device is reachable and whether it has applied the last change. */
export function DeviceState({ device }: { device: Device }) {
  const { t } = useTranslation()
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
            label={offline ? ITEM_MANAGEMENT_LABELS.connecting : ITEM_MANAGEMENT_LABELS.on}
          />
        )}
        <Chip
          size="small"
          sx={{ ...SYNC_COLORS[device.sync_status], fontWeight: 600 }}
          label={`${t('dashboard.sync')}: ${syncStatusLabel(device.sync_status, device.sync_reason)}`}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {device.last_seen_at
            ? t('dashboard.lastSeen', { date: formatDateTime(device.last_seen_at) })
            : t('dashboard.neverSeen')}
        </Typography>
      </Stack>
      <ReportedValues device={device} />
    </>
  )
}
