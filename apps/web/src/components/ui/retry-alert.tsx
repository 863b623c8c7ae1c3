import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import type { SxProps, Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface RetryAlertProps {
  /** What could not be loaded, in words the user can act on. */
  children: ReactNode
  onRetry: () => void
  sx?: SxProps<Theme>
}

/** A load that failed: what went wrong and a button to try again. */
export function RetryAlert({ children, onRetry, sx }: RetryAlertProps) {
  const { t } = useTranslation()
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('table.retry')}
        </Button>
      }
      sx={sx}
    >
      {children}
    </Alert>
  )
}
