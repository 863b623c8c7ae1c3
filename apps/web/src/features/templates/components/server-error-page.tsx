import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

/** The 500 page (spec §1): what happened and a way back home. */
export function ServerErrorPage() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography
        aria-hidden
        sx={{ fontSize: '4.5rem', fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
      >
        {t('templates.serverError.code')}
      </Typography>
      <Typography variant="h1">{t('routes.serverError')}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('templates.serverError.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('templates.home')}
      </Button>
    </Stack>
  )
}
