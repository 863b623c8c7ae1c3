import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded'
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'

export interface AuthNotice {
  severity: 'success' | 'error'
  title: string
  text: string
}

interface AuthNoticeDialogProps {
  /** Kept while the popup fades out, so its text does not vanish mid-transition. */
  notice: AuthNotice | null
  open: boolean
  onClose: () => void
  /** A way forward beside the close button, e.g. a link to ask for a new letter. */
  action?: ReactNode
}

/** The popup of the password screens: a titled success or error message (spec §4, §8). */
export function AuthNoticeDialog({ notice, open, onClose, action }: AuthNoticeDialogProps) {
  const { t } = useTranslation()
  const id = useId()
  const Icon = notice?.severity === 'success' ? CheckCircleOutlineRounded : ErrorOutlineRounded
  return (
    <Dialog
      open={open && notice !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Icon color={notice?.severity ?? 'error'} aria-hidden sx={{ mt: 0.25 }} />
        {notice?.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{notice?.text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {action}
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('auth.login.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
