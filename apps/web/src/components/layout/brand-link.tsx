import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

export function BrandLink() {
  const { t } = useTranslation()
  return (
    <Link
      component={RouterLink}
      to="/"
      aria-label={t('shell.home')}
      underline="none"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, borderRadius: 1, color: 'text.primary' }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 34,
          height: 34,
          borderRadius: '10px',
          color: '#fff',
          background: 'linear-gradient(135deg, #f97316 0%, #c2410c 100%)',
        }}
      >
        <LocalFireDepartmentRounded fontSize="small" />
      </Box>
      <Box component="span" sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: '-0.02em' }}>
        {t('app.name')}
      </Box>
    </Link>
  )
}
