import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

export function NotFoundRoute() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography
        aria-hidden
        sx={{ fontSize: '4.5rem', fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
      >
        {t('errors.notFoundCode')}
      </Typography>
      <Typography variant="h1">{t('routes.notFound')}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('errors.notFoundText')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('errors.home')}
      </Button>
    </Stack>
  )
}
