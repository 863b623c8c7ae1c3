import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useRouteError } from 'react-router'
import { isChunkLoadError } from '../../lib/retry-import'

function useErrorText(otherwise: 'errors.generic' | 'errors.screenFailed') {
  const { t } = useTranslation()
  const error = useRouteError()
  return isChunkLoadError(error) ? `${t('errors.chunkLoad')}. ${t('errors.pageFailedText')}` : t(otherwise)
}

/** The last resort when even the shell could not be shown. */
export function RouteError() {
  const { t } = useTranslation()
  const text = useErrorText('errors.generic')
  return (
    <Stack
      component="main"
      spacing={2}
      sx={{ minHeight: '100dvh', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}
    >
      <Typography variant="h1">{t('errors.pageFailed')}</Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>{text}</Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
        <Button href="/" variant="outlined">
          {t('errors.home')}
        </Button>
      </Stack>
    </Stack>
  )
}

/** A screen that could not be loaded or failed: the message takes its place, the menu and header stay. */
export function ScreenError() {
  const { t } = useTranslation()
  const text = useErrorText('errors.screenFailed')
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640, py: 2 }}>
      <Typography variant="h1">{t('errors.pageFailed')}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
        <Button component={RouterLink} to="/dashboards" variant="outlined">
          {t('errors.home')}
        </Button>
      </Stack>
    </Stack>
  )
}
