import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useTranslation } from 'react-i18next'

/** 'credentials': the server refused the e-mail/password; 'unreachable' and 'unexpected': it could not answer. */
export type LoginFailure = 'credentials' | 'unreachable' | 'unexpected'

interface LoginFailedDialogProps {
  failure: LoginFailure
  open: boolean
  onClose: () => void
}

export function LoginFailedDialog({ failure, open, onClose }: LoginFailedDialogProps) {
  const { t } = useTranslation()
  const title = failure === 'credentials' ? t('auth.login.failedTitle') : t('auth.login.unreachableTitle')
  const text =
    failure === 'credentials'
      ? t('auth.login.failedText')
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
