import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { REFRESH_INTERVAL_MS } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { formatDateTime } from '../../../lib/dates'
import { useItemErrors } from '../api/get-item-errors'
import { activeFaults } from '../utils/active-faults'

/**
 * The device's active faults above its dashboard: each code with what it means and what to do, and the way to
 * the errors screen where they are archived. Nothing shows while there are none.
 */
export function ActiveFaultsAlert({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const errors = useItemErrors(itemId, { refetchInterval: REFRESH_INTERVAL_MS })
  const faults = activeFaults(errors.data ?? [])
  if (faults.length === 0) return null
  const total = faults.reduce((sum, fault) => sum + fault.count, 0)
  return (
    <Alert
      severity="error"
      role="region"
      aria-label={t('faults.title', { count: total })}
      action={
        <Button
          component={RouterLink}
          to={`/items/errors?device=${encodeURIComponent(itemId)}`}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('faults.all')}
        </Button>
      }
      sx={{ '& .MuiAlert-action': { alignItems: 'flex-start' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <AlertTitle>{t('faults.title', { count: total })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {faults.map((fault) => (
          <li key={fault.code}>
            <Typography sx={{ fontWeight: 700 }}>
              {fault.code}: {fault.description}
            </Typography>
            <Typography variant="body2">
              {t('faults.action')} {fault.action}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {fault.count > 1
                ? t('faults.repeated', { count: fault.count, time: formatDateTime(fault.lastTime) })
                : t('faults.since', { time: formatDateTime(fault.lastTime) })}
            </Typography>
          </li>
        ))}
      </Box>
    </Alert>
  )
}
