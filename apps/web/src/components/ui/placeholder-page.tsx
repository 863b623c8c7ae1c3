import ConstructionRounded from '@mui/icons-material/ConstructionRounded'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

interface PlaceholderPageProps {
  title: string
  /** Offers a way back where the page has no other navigation. */
  showHomeLink?: boolean
}

/** Stands in for a screen that is not built yet, so no route is ever blank. */
export function PlaceholderPage({ title, showHomeLink = true }: PlaceholderPageProps) {
  const { t } = useTranslation()
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 8 }, mx: 'auto', maxWidth: 520 }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: 'tint.accentBg',
          color: 'primary.main',
        }}
      >
        <ConstructionRounded fontSize="large" />
      </Box>
      <Typography variant="h1">{title}</Typography>
      <Typography component="p" variant="h3" sx={{ color: 'tint.accentText' }}>
        {t('placeholder.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('placeholder.text')}</Typography>
      {showHomeLink && (
        <Button component={RouterLink} to="/" variant="outlined">
          {t('placeholder.home')}
        </Button>
      )}
    </Stack>
  )
}
