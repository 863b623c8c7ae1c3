import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'

export function AppFooter() {
  const { t } = useTranslation()
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 3 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 0.5, sm: 2 },
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('shell.footer', { year: new Date().getFullYear() })}
      </Typography>
      <Link component={RouterLink} to="/terms" variant="body2">
        {t('shell.terms')}
      </Link>
    </Box>
  )
}
