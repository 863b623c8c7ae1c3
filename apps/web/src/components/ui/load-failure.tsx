import { useTranslation } from 'react-i18next'
import { failureMessage } from '../../lib/failure-message'
import { RetryAlert } from './retry-alert'

interface LoadFailureProps {
  error: unknown
  onRetry: () => void
}

/** A record that could not be loaded: the server's reason (e.g. not found) and a way to try again. */
export function LoadFailure({ error, onRetry }: LoadFailureProps) {
  const { t } = useTranslation()
  return (
    <RetryAlert onRetry={onRetry} sx={{ maxWidth: 640 }}>
      {failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })}
    </RetryAlert>
  )
}
