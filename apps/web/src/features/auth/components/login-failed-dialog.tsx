import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

/**
 * 'credentials': the server refused the e-mail/password; 'rate-limited': too many tries, with the seconds to wait
 * when the server said; 'unreachable' and 'unexpected': it could not answer.
 */
export type LoginFailure =
  | 'credentials'
  | 'unreachable'
  | 'unexpected'
  | { kind: 'rate-limited'; retryAfterSeconds: number | null }

interface LoginFailedDialogProps {
  failure: LoginFailure
  open: boolean
  onClose: () => void
}

function retryText(seconds: number | null, t: TFunction) {
  if (seconds === null) return t('auth.login.rateLimitedText')
  if (seconds < 90) return t('auth.login.rateLimitedSeconds', { seconds })
  return t('auth.login.rateLimitedMinutes', { minutes: Math.ceil(seconds / 60) })
}

export function LoginFailedDialog({ failure, open, onClose }: LoginFailedDialogProps) {
  const { t } = useTranslation()
  const limited = typeof failure === 'object' ? failure : null
  const title =
    failure === 'credentials'
      ? t('auth.login.failedTitle')
      : limited
        ? t('auth.login.rateLimitedTitle')
        : t('auth.login.unreachableTitle')
  const text =
    failure === 'credentials'
      ? t('auth.login.failedText')
      : limited
        ? retryText(limited.retryAfterSeconds, t)
        : failure === 'unreachable'
          ? t('errors.network')
          : t('errors.generic')
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="login-failed-title"
      aria-describedby="login-failed-text"
    >
      <DialogTitle id="login-failed-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorOutlineRounded color="error" aria-hidden />
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="login-failed-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('auth.login.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
