import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import { useTranslation } from 'react-i18next'
import type { Device } from '../../../lib/items/item-document'
import { reportedDifferences, reportedLine } from '../utils/reported-values'

/** What is in effect beside what is desired, for every setting where the controller reported another value. */
export function ReportedValues({ device }: { device: Device }) {
  const { t } = useTranslation()
  const differences = reportedDifferences(device, t)
  if (differences.length === 0) return null
  return (
    <Alert severity={device.sync_status === 'refused' ? 'warning' : 'info'} sx={{ mt: 1 }}>
      <AlertTitle>{t('dashboard.reported.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {differences.map((difference) => (
          <li key={difference.name}>
            {difference.label ? `${difference.card} (${difference.label})` : difference.card}:{' '}
            {reportedLine(difference, device, t)}
          </li>
        ))}
      </Box>
    </Alert>
  )
}
