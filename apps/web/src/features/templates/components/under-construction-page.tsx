import EngineeringRounded from '@mui/icons-material/EngineeringRounded'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

export type UnbuiltSection = 'service' | 'update'

/** 'Page under construction' (spec §1) for menu sections the product does not offer yet. */
export function UnderConstructionPage({ title, section }: { title: string; section: UnbuiltSection }) {
  const { t } = useTranslation()
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 8 }, mx: 'auto', maxWidth: 560 }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 96,
          height: 96,
          borderRadius: '28px',
          color: '#fff',
          background: 'linear-gradient(135deg, #f97316 0%, #9a3412 100%)',
        }}
      >
        <EngineeringRounded sx={{ fontSize: 48 }} />
      </Box>
      <Chip
        label={t('templates.underConstruction.badge')}
        sx={{ bgcolor: '#fff7ed', color: '#9a3412', fontWeight: 600 }}
      />
      <Typography variant="h1">{title}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t(`templates.underConstruction.${section}`)}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('templates.underConstruction.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('templates.home')}
      </Button>
    </Stack>
  )
}
