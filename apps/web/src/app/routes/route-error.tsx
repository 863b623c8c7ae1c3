import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'

/** A failed lazy import means a new deployment or a lost connection; a reload fetches the current chunks. */
function isChunkLoadError(error: unknown) {
  return (
    error instanceof Error && /dynamically imported module|module script|Loading chunk/i.test(error.message)
  )
}

export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
  return (
    <Stack
      component="main"
      spacing={2}
      sx={{ minHeight: '100dvh', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}
    >
      <Typography variant="h1">{t('errors.pageFailed')}</Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>
        {isChunkLoadError(error)
          ? `${t('errors.chunkLoad')}. ${t('errors.pageFailedText')}`
          : t('errors.generic')}
      </Typography>
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
