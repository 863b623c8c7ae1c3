import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import { useTranslation } from 'react-i18next'
import { formatClock } from '../../lib/dates'
import { useReachability } from '../../lib/server-reachability'

/** Says so when the server stops answering; it goes away by itself once the server is back. */
export function ConnectionBanner() {
  const { t } = useTranslation()
  const { reachable, lostAt } = useReachability()
  if (reachable) return null
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2, position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 2, boxShadow: 1 }}
    >
      <AlertTitle>{t('connection.lost')}</AlertTitle>
      {t('connection.lostText', { time: formatClock(lostAt ?? Date.now()) })}
    </Alert>
  )
}
