import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { LosingAccess } from '@teplo/domain'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { useAccessToken } from '../../../lib/auth-token'
import { addScreenStrings } from '../../../lib/i18n'
import { rememberInvitation } from '../../../lib/pending-invitation'
import strings from '../../../locales/uk-sharing.json'
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations'
import { InviteInstallersBack, installersOf, LosingAccessNotice } from './handover-notice'
import { offerText } from './pending-invitations'

addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))

type HandedOver = { itemId: string; people: LosingAccess[] }

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
  // After accepting a handover: the device and who lost access, to invite the installer back (ADR 033). Kept
  // here: the link's preview answers "already accepted" from then on. A sign-up through the link that accepted
  // it arrives with them (ADR 048).
  const arrived = (useLocation().state as { handedOver?: HandedOver } | null)?.handedOver ?? null
  const [handedOver, setHandedOver] = useState<HandedOver | null>(arrived)
  // Signed out: signing in brings the person back here to accept with the link's token; signing up through the
  // link accepts it at once.
  useEffect(() => {
    if (!signedIn && token) rememberInvitation(token)
  }, [signedIn, token])
  if (handedOver)
    return (
      <Stack spacing={2}>
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {t('invitations.title')}
        </Typography>
        <InviteInstallersBack
          itemId={handedOver.itemId}
          people={handedOver.people}
          onDone={() => void navigate('/dashboards')}
        />
      </Stack>
    )
  // A link that cannot be used still shows the screen's title over its reason.
  const refused = (reason: string) => (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('invitations.title')}
      </Typography>
      <Alert severity="error">{reason}</Alert>
    </Stack>
  )
  if (!token) return refused(t('invitations.missingToken'))
  if (preview.isError) return refused(detailOf(preview.error) ?? t('invitations.failed'))
  if (!preview.data) return <LoadingStatus>{t('invitations.loading')}</LoadingStatus>
  const invitation = preview.data.attributes
  const losing = invitation.access === 'owner' ? (invitation.losing_access ?? []) : []
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('invitations.title')}
      </Typography>
      <Typography>{offerText(t, invitation)}</Typography>
      <Typography color="text.secondary">
        {t('invitations.addressedTo', { email: invitation.email })}
      </Typography>
      <LosingAccessNotice people={losing} />
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
                  onSuccess: (device) => {
                    toast.success(t('invitations.accepted'))
                    if (installersOf(losing).length > 0) setHandedOver({ itemId: device.id, people: losing })
                    else void navigate('/dashboards')
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
            <Button
              component={RouterLink}
              to={`/register?invitation=${encodeURIComponent(token)}`}
              variant="outlined"
            >
              {t('invitations.register')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  )
}
