import AddRounded from '@mui/icons-material/AddRounded'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

export function DashboardLoading() {
  const { t } = useTranslation()
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>{t('dashboard.loading')}</Typography>
    </Stack>
  )
}

export function DashboardEmpty() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography component="h2" variant="h2">
        {t('dashboard.empty')}
      </Typography>
      <Button component={RouterLink} to="/items/new" variant="contained" startIcon={<AddRounded />}>
        {t('dashboard.addDevice')}
      </Button>
    </Stack>
  )
}

export function DashboardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  )
}
