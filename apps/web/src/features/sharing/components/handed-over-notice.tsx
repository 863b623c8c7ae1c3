import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../lib/dates'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-sharing.json'
import { useHandedOver } from '../api/handed-over'

addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))

const DISMISSED_KEY = 'teplo.handed-over-seen'

function dismissedIds(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/**
 * On the dashboard: the boilers this account handed over lately, so a list that lost one says why (ADR 048). Each
 * is told until the person says they have read it (remembered in this browser).
 */
export default function HandedOverNotice() {
  const { t } = useTranslation()
  const handedOver = useHandedOver()
  const [dismissed, setDismissed] = useState<string[]>(dismissedIds)
  const shown = (handedOver.data ?? []).filter((entry) => !dismissed.includes(entry.id))
  if (shown.length === 0) return null
  const dismiss = () => {
    const next = [...dismissed, ...shown.map((entry) => entry.id)].slice(-50)
    setDismissed(next)
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(next))
    } catch {
      // Storage refused: the notice comes back next time, which is harmless.
    }
  }
  return (
    <Alert
      severity="info"
      role="status"
      data-testid="handed-over"
      sx={{ overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" onClick={dismiss}>
          {t('handover.handedOverDismiss')}
        </Button>
      }
    >
      <AlertTitle>{t('handover.handedOverTitle')}</AlertTitle>
      {shown.map(({ id, attributes: entry }) => {
        const parts = {
          name: entry.item_name,
          serial: entry.serial_number,
          email: entry.to_email ?? '',
          date: formatDate(entry.handed_over_at),
        }
        return (
          <Typography key={id} variant="body2" sx={{ mb: 0.5 }}>
            {entry.to_email ? t('handover.handedOverTo', parts) : t('handover.handedOverByCode', parts)}
          </Typography>
        )
      })}
      <Typography variant="body2">{t('handover.handedOverHint')}</Typography>
    </Alert>
  )
}
