import Chip from '@mui/material/Chip'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { currentLanguage } from '../../../lib/i18n'
import { useOpenAlarms } from '../api/notifications'
import '../strings'
import { alarmWording } from '../utils/alarm-wording'

/** A device's open alarms on its card in the devices list, leading to its dashboard; nothing when there are none. */
export function DeviceAlarmChip({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const alarms = useOpenAlarms(itemId)
  const open = alarms.data?.data ?? []
  if (open.length === 0) return null
  const titles = [
    ...new Set(open.map((alarm) => alarmWording(alarm.attributes, currentLanguage()).title)),
  ].join(', ')
  return (
    <Chip
      component={RouterLink}
      to={`/dashboards?device=${encodeURIComponent(itemId)}`}
      clickable
      color="error"
      size="small"
      label={`${t('alarms.title', { count: open.length })} — ${titles}`}
      sx={{
        mt: 1.5,
        maxWidth: '100%',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
      }}
    />
  )
}
