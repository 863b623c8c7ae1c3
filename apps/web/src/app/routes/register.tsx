import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import type { RegisterResponse } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { LoadingStatus } from '../../components/ui/loading-status'
import { useToast } from '../../components/ui/toast-context'
import { RegisterForm } from '../../features/auth/components/register-form'
import { useInvitationPreview } from '../../features/sharing/api/invitations'
import { installersOf } from '../../features/sharing/components/handover-notice'
import { ApiRequestError } from '../../lib/api-client'
import { afterSignIn } from '../../lib/pending-invitation'

/**
 * Sign-up; through a mailed invitation (`?invitation=<token>`, ADR 048) with the invited address filled in, and
 * registering accepts it: the person lands on the boiler, or, after a handover that removed installers, on the
 * offer to invite them back.
 */
export function RegisterRoute() {
  const { t } = useTranslation()
  const toast = useToast()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('invitation') ?? ''
  const preview = useInvitationPreview(token)

  const registered = (response: RegisterResponse) => {
    const back = afterSignIn('/dashboards')
    const joined = response.invitation
    if (!joined) return void navigate(back, { replace: true })
    toast.success(
      t(joined.access === 'owner' ? 'invitations.joinedOwner' : 'invitations.joined', {
        name: joined.item_name,
      }),
    )
    const installers =
      joined.access === 'owner' ? installersOf(preview.data?.attributes.losing_access ?? []) : []
    if (installers.length > 0) {
      const state = { handedOver: { itemId: joined.item_id, people: installers } }
      return void navigate(`/invitations/accept?token=${encodeURIComponent(token)}`, { replace: true, state })
    }
    void navigate(`/dashboards?device=${encodeURIComponent(joined.item_id)}`, { replace: true })
  }

  if (!token) return <RegisterForm onSuccess={registered} />
  if (preview.isPending) return <LoadingStatus>{t('invitations.loading')}</LoadingStatus>
  const invitation = preview.data?.attributes
  const refusal =
    preview.error instanceof ApiRequestError
      ? (preview.error.errors[0]?.detail ?? t('invitations.failed'))
      : null
  return (
    <Stack spacing={2}>
      {refusal && <Alert severity="warning">{refusal}</Alert>}
      <RegisterForm
        key={invitation ? 'invited' : 'plain'}
        onSuccess={registered}
        invitation={invitation ? { token, email: invitation.email } : undefined}
      />
    </Stack>
  )
}
