import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

interface SwitchOffDialogProps {
  open: boolean
  name: string
  onConfirm: () => void
  onCancel: () => void
}

/** Switching a boiler off stops the heating: one tap must not do it by accident. */
export function SwitchOffDialog({ open, name, onConfirm, onCancel }: SwitchOffDialogProps) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('dashboard.switchOff.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dashboard.switchOff.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} autoFocus>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {t('dashboard.switchOff.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
