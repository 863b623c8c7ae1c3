import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { useOpenHelpRequest } from '../../../components/layout/help-request-context'
import { FaqSection } from './faq-section'

const MANUALS = ['boiler', 'burner'] as const

/** Where each manual is and what it covers; an electronic copy is sent on request. */
export function FaqManuals() {
  const { t } = useTranslation()
  const openHelpRequest = useOpenHelpRequest()
  return (
    <FaqSection title={t('help.manuals.title')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {MANUALS.map((manual) => (
          <Card key={manual} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
                {t(`help.manuals.${manual}.title`)}
              </Typography>
              <Typography>{t(`help.manuals.${manual}.text`)}</Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              {openHelpRequest && (
                <Button variant="outlined" onClick={openHelpRequest} aria-haspopup="dialog">
                  {t('help.manuals.request')}
                </Button>
              )}
              {manual === 'burner' && (
                <Button component={RouterLink} to="/items/errors">
                  {t('help.manuals.errors')}
                </Button>
              )}
            </CardActions>
          </Card>
        ))}
      </Box>
    </FaqSection>
  )
}
