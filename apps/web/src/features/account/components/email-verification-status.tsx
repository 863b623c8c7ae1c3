import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { useResendVerification } from '../api/email-verification'

type Props = { email: string; verifiedAt: string | null; pendingEmail: string | null; onChanged: () => void }

// role="status": these say how things stand; only the toasts are alerts.
/** Whether the address is proven, what proving it unlocks, and a waiting new address (ADR 034). */
export function EmailVerificationStatus({ email, verifiedAt, pendingEmail, onChanged }: Props) {
  const { t } = useTranslation()
  const toast = useToast()
  const resend = useResendVerification(onChanged)
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(t('account.email.resent', { email })),
      onError: (error) => {
        const detail = error instanceof ApiRequestError ? error.errors[0]?.detail : undefined
        toast.error(detail ?? t('account.email.resendFailed'))
      },
    })
  return (
    <Stack spacing={1.5}>
      {verifiedAt ? (
        <Alert severity="success" role="status">
          {t('account.email.verified')}
        </Alert>
      ) : (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button color="inherit" size="small" loading={resend.isPending} onClick={send}>
              {t('account.email.resend')}
            </Button>
          }
          sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { pl: { xs: 0, sm: 2 } } }}
        >
          {t('account.email.unverified')}
        </Alert>
      )}
      {pendingEmail && (
        <Alert severity="info" role="status">
          {t('account.email.pending', { email: pendingEmail })}
        </Alert>
      )}
    </Stack>
  )
}
