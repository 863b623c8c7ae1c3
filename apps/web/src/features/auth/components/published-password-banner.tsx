import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import { useTranslation } from 'react-i18next'
import { useInstallation } from '../api/get-installation'

/**
 * An administrator's warning while accounts still sign in with the published demo passwords (ADR 044): until
 * their passwords change or they are deleted. A standing notice, so `status` rather than an interrupting alert.
 */
export function PublishedPasswordBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const installation = useInstallation({ enabled })
  const accounts = installation.data?.published_password_accounts ?? []
  if (!enabled || accounts.length === 0) return null
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 2, overflowWrap: 'anywhere' }}
      data-testid="published-passwords"
    >
      <AlertTitle>{t('shell.publishedPasswords.title')}</AlertTitle>
      {t('shell.publishedPasswords.text', { count: accounts.length })}
      {installation.data?.demo ? ` ${t('shell.publishedPasswords.demoHint', { setting: 'DEMO=false' })}` : ''}
    </Alert>
  )
}
