import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

export interface ConfirmDialogProps {
  open: boolean
  onConfirm: () => void
  onCancel: () => void
  /** The confirmed action is running: both buttons wait and the dialog stays open. */
  busy?: boolean
  /** What is deleted, named in the question (a device's or a user's name). */
  subject?: string | undefined
  /** Another question than a deletion's: its title, text and buttons, and a confirm button that is not red. */
  question?: { title: string; text: string; confirm: string; cancel: string }
}

/**
 * Delete confirmation of spec §8: 'Ви впевнені?' with 'Так, видалити' and 'Скасувати'; with `question`, any other
 * action that asks first (a reset to factory values).
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  busy = false,
  subject,
  question,
}: ConfirmDialogProps) {
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
      <DialogTitle id={titleId}>{question?.title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {question?.text ?? (subject ? t('confirm.named', { subject }) : t('confirm.text'))}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {question?.cancel ?? t('confirm.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          color={question ? 'primary' : 'error'}
          variant="contained"
          loading={busy}
          loadingPosition="start"
        >
          {question?.confirm ?? t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
