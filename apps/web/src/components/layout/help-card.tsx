import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { useOpenHelpRequest } from './help-request-context'

/** The side menu's 'Потрібна допомога?' card; 'Написати' opens the help modal (or the help page without one). */
export function HelpCard({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  const openHelpRequest = useOpenHelpRequest()
  return (
    <Box
      component="section"
      aria-labelledby="help-card-title"
      sx={{
        m: 2,
        p: 2,
        borderRadius: '16px',
        color: '#fff',
        background: 'linear-gradient(150deg, #292524 0%, #431407 100%)',
      }}
    >
      <SupportAgentRounded aria-hidden sx={{ color: '#fdba74', mb: 1 }} />
      <Typography id="help-card-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('menu.helpTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: '#e7e5e4', mb: 2 }}>
        {t('menu.helpText')}
      </Typography>
      {openHelpRequest ? (
        <Button
          onClick={() => {
            // On a phone the menu drawer closes first, so the modal is not opened behind it.
            onNavigate?.()
            openHelpRequest()
          }}
          variant="contained"
          color="info"
          fullWidth
          aria-haspopup="dialog"
        >
          {t('menu.helpButton')}
        </Button>
      ) : (
        <Button
          component={RouterLink}
          to="/pages/faq"
          onClick={onNavigate}
          variant="contained"
          color="info"
          fullWidth
        >
          {t('menu.helpButton')}
        </Button>
      )}
    </Box>
  )
}
