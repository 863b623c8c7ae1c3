import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

interface ResetDialogProps {
  open: boolean
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before every service parameter goes back to the factory's value. */
export function ResetDialog({ open, busy, onConfirm, onCancel }: ResetDialogProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('service.resetTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('service.resetText')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('service.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {t('service.resetConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
