import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { useAccessToken } from '../../../lib/auth-token'
import { addScreenStrings } from '../../../lib/i18n'
import { rememberInvitation } from '../../../lib/pending-invitation'
import strings from '../../../locales/uk-sharing.json'
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations'
import { offerText } from './pending-invitations'

addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))

const detailOf = (error: unknown) =>
  error instanceof ApiRequestError && error.errors[0] ? error.errors[0].detail : undefined

/**
 * The mailed link's screen. Signed in: accept at once. Signed out: what is offered and to which address, and the
 * way to sign in or register with it (which comes back here to accept).
 */
export function InvitationAcceptPage() {
  const { t } = useTranslation()
  const toast = useToast()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const preview = useInvitationPreview(token)
  const accept = useAcceptInvitation()
  const signedIn = Boolean(useAccessToken())
  // Signed out: sign-in or sign-up brings the person back here to accept with the link's token.
  useEffect(() => {
    if (!signedIn && token) rememberInvitation(token)
  }, [signedIn, token])
  if (!token) return <Alert severity="error">{t('invitations.missingToken')}</Alert>
  if (preview.isError)
    return <Alert severity="error">{detailOf(preview.error) ?? t('invitations.failed')}</Alert>
  if (!preview.data) return <LoadingStatus>{t('invitations.loading')}</LoadingStatus>
  const invitation = preview.data.attributes
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('invitations.title')}
      </Typography>
      <Typography>{offerText(t, invitation)}</Typography>
      <Typography color="text.secondary">
        {t('invitations.addressedTo', { email: invitation.email })}
      </Typography>
      {accept.isError && <Alert severity="error">{detailOf(accept.error) ?? t('invitations.failed')}</Alert>}
      {signedIn ? (
        <div>
          <Button
            variant="contained"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(
                { token },
                {
                  onSuccess: () => {
                    toast.success(t('invitations.accepted'))
                    void navigate('/dashboards')
                  },
                },
              )
            }
          >
            {t('invitations.accept')}
          </Button>
        </div>
      ) : (
        <>
          <Typography>{t('invitations.signInFirst')}</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('invitations.signIn')}
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined">
              {t('invitations.register')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  )
}
