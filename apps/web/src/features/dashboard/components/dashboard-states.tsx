import AddRounded from '@mui/icons-material/AddRounded'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { LoadingStatus } from '../../../components/ui/loading-status'

export function DashboardLoading() {
  const { t } = useTranslation()
  return <LoadingStatus>{t('dashboard.loading')}</LoadingStatus>
}

export function DashboardEmpty() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography component="h2" variant="h2">
        {t('dashboard.empty')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: '36rem' }}>{t('dashboard.emptyHint')}</Typography>
      <Button component={RouterLink} to="/items/claim" variant="contained" startIcon={<AddRounded />}>
        {t('dashboard.addDevice')}
      </Button>
    </Stack>
  )
}
