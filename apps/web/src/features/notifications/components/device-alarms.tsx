import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { useAcknowledgeAlarm, useOpenAlarms } from '../api/notifications'
import '../strings'
import { alarmWording } from '../utils/alarm-wording'

/**
 * A device's alarms that are not over, above its dashboard beside its faults: what happened, what to do, and
 * "I see it" (acknowledge). A controller error's description and advice are in the faults alert already.
 */
export function DeviceAlarms({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const alarms = useOpenAlarms(itemId)
  const acknowledge = useAcknowledgeAlarm(itemId)
  const open = alarms.data?.data ?? []
  if (open.length === 0) return null
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t('alarms.title', { count: open.length })}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{t('alarms.title', { count: open.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {open.map((alarm) => {
          const a = alarm.attributes
          const wording = alarmWording(a, currentLanguage())
          return (
            <Box component="li" key={alarm.id} sx={{ display: 'grid', gap: 0.25 }}>
              <Typography sx={{ fontWeight: 700 }}>{wording.title}</Typography>
              {a.kind === 'device_error' ? (
                <Typography variant="body2">{t('alarms.errorDetails')}</Typography>
              ) : (
                <>
                  <Typography variant="body2">{wording.description}</Typography>
                  <Typography variant="body2">
                    {t('alarms.whatToDo')} {wording.action}
                  </Typography>
                </>
              )}
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {a.acknowledged_at
                  ? t('alarms.acknowledged', {
                      name: a.acknowledged_by ?? '—',
                      time: formatDateTime(a.acknowledged_at),
                    })
                  : t('alarms.since', { time: formatDateTime(a.raised_at) })}
              </Typography>
              {a.state === 'active' && (
                <Box>
                  <Button
                    size="small"
                    variant="outlined"
                    color="inherit"
                    disabled={acknowledge.isPending}
                    onClick={() => acknowledge.mutate(alarm.id)}
                  >
                    {t('alarms.acknowledge')}
                  </Button>
                </Box>
              )}
            </Box>
          )
        })}
      </Box>
      {acknowledge.isError && (
        <Typography variant="body2" role="alert" sx={{ mt: 1 }}>
          {t('alarms.acknowledgeFailed')}
        </Typography>
      )}
    </Alert>
  )
}
