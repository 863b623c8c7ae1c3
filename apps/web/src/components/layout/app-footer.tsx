import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

export function AppFooter() {
  const { t } = useTranslation()
  return (
    <Box component="footer" sx={{ px: { xs: 2, md: 3 }, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('shell.footer', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  )
}
