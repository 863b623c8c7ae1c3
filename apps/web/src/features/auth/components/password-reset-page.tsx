import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { parseResetLink } from '../utils/reset-link'
import { PasswordResetForm } from './password-reset-form'

/** The target of the e-mailed link; without its email and token there is nothing to reset. */
export function PasswordResetPage({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const link = parseResetLink(params)
  // Keyed by the token so that opening another link starts a fresh form.
  if (link) return <PasswordResetForm key={link.token} link={link} onSuccess={onSuccess} />
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1">{t('auth.reset.title')}</Typography>
      <Alert severity="warning">
        <AlertTitle>{t('auth.reset.badLinkTitle')}</AlertTitle>
        {t('auth.reset.badLinkText')}
      </Alert>
      <Button component={RouterLink} to="/password/email" variant="contained">
        {t('auth.reset.requestNew')}
      </Button>
    </Stack>
  )
}
