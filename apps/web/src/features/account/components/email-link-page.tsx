import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { ApiRequestError } from '../../../lib/api-client'
import { clearToken, useAccessToken } from '../../../lib/auth-token'
import { type EmailLinkKind, useOpenEmailLink } from '../api/email-verification'

const detailOf = (error: unknown) =>
  error instanceof ApiRequestError && error.errors[0] ? error.errors[0].detail : undefined

/**
 * The screen of a mailed address link (ADR 034), signed in or out: `verify` proves the address or applies a new
 * one, `undo` (sent to the old address) cancels or reverts a change and signs every session out.
 */
export function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const opened = useOpenEmailLink(kind, token)
  const signedIn = Boolean(useAccessToken())
  const result = opened.data?.data.attributes
  useEffect(() => {
    if (!result) return
    // The undo ended every session, this browser's too; otherwise the profile shows the new state.
    if (result.signed_out) clearToken()
    else void queryClient.invalidateQueries({ queryKey: ['profile'] })
  }, [result, queryClient])

  const title = (
    <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
      {t(kind === 'verify' ? 'routes.emailVerify' : 'routes.emailUndo')}
    </Typography>
  )
  // A link that cannot be used still shows the screen's title over its reason.
  const refused = (reason: string) => (
    <Stack spacing={2}>
      {title}
      <Alert severity="error">{reason}</Alert>
    </Stack>
  )
  if (!token) return refused(t('emailLink.missingToken'))
  if (opened.isError) return refused(detailOf(opened.error) ?? t('emailLink.failed'))
  if (!result) return <LoadingStatus>{t('emailLink.opening')}</LoadingStatus>
  const next =
    signedIn && !result.signed_out
      ? { to: '/account/settings', label: t('emailLink.toSettings') }
      : { to: '/login', label: t('emailLink.toLogin') }
  return (
    <Stack spacing={2}>
      {title}
      {result.purpose === 'verify' && (
        <Alert severity="success">{t('emailLink.verified', { email: result.email })}</Alert>
      )}
      {result.purpose === 'change' && (
        <Alert severity="success">
          <Typography sx={{ fontWeight: 600 }}>{t('account.email.saved')}</Typography>
          {t('emailLink.changedDetail', { email: result.email })}
        </Alert>
      )}
      {result.purpose === 'undo' && (
        <Alert severity="success">
          <Typography>{t('emailLink.undone', { email: result.email })}</Typography>
          {t('emailLink.signedOut')}
        </Alert>
      )}
      <div>
        <Button component={RouterLink} to={next.to} variant="contained">
          {next.label}
        </Button>
      </div>
    </Stack>
  )
}
