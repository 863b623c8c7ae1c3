import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { useTranslation } from 'react-i18next'
import { failureMessage } from '../../lib/failure-message'

interface LoadFailureProps {
  error: unknown
  onRetry: () => void
}

/** A record that could not be loaded: the server's reason (e.g. not found) and a way to try again. */
export function LoadFailure({ error, onRetry }: LoadFailureProps) {
  const { t } = useTranslation()
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('table.retry')}
        </Button>
      }
      sx={{ maxWidth: 640 }}
    >
      {failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })}
    </Alert>
  )
}
