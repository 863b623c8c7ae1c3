import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import { LIMITS } from '@teplo/domain'
import { useTranslation } from 'react-i18next'

export interface Toast {
  id: number
  message: string
  severity: 'success' | 'error' | 'info'
}

interface ToastViewProps {
  toast: Toast
  open: boolean
  onClose: () => void
}

/** Green or red notice for 2 s, 300 px wide (spec §8, §9). */
export function ToastView({ toast, open, onClose }: ToastViewProps) {
  const { t } = useTranslation()
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={LIMITS.toastTimeoutMs}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={onClose}
        closeText={t('toast.close')}
        sx={{ width: LIMITS.toastWidthPx, maxWidth: 'calc(100vw - 32px)' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  )
}
