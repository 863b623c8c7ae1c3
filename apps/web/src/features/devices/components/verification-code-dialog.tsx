import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

interface VerificationCodeDialogProps {
  code: string | null
  onDone: () => void
  /** Re-pairing tells its own story; a new device's defaults otherwise. */
  title?: string
  text?: string
}

/** After creation: the code the installer types on the controller to prove it is this device. */
export function VerificationCodeDialog({ code, onDone, title, text }: VerificationCodeDialogProps) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <Dialog open={code !== null} onClose={onDone} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title ?? t('devices.code.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('devices.code.label')}
        </Typography>
        <Box
          data-testid="verification-code"
          sx={{
            my: 1.5,
            py: 1.5,
            textAlign: 'center',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '2.25rem',
            fontWeight: 700,
            letterSpacing: '0.35em',
            borderRadius: 1,
            bgcolor: 'tint.accentBg',
            color: 'tint.accentText',
          }}
        >
          {code}
        </Box>
        <Typography>{text ?? t('devices.code.text')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone} autoFocus>
          {t('devices.back')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
