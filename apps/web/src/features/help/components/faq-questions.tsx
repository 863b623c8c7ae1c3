import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { FaqSection } from './faq-section'

const QUESTIONS = ['noStart', 'cleaning', 'lowPower'] as const

/** The three questions of spec §1, answered step by step. */
export function FaqQuestions() {
  const { t } = useTranslation()
  return (
    <FaqSection title={t('help.faq.title')}>
      <div>
        {QUESTIONS.map((question) => (
          <Accordion key={question} disableGutters slotProps={{ heading: { component: 'h3' } }}>
            <AccordionSummary expandIcon={<ExpandMoreRounded />}>
              <Typography sx={{ fontWeight: 600 }}>{t(`help.faq.${question}.question`)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography>{t(`help.faq.${question}.intro`)}</Typography>
              <Box component="ul" sx={{ pl: 3, my: 1 }}>
                {t(`help.faq.${question}.steps`)
                  .split('\n')
                  .map((step) => (
                    <Typography component="li" key={step} sx={{ mb: 0.5 }}>
                      {step}
                    </Typography>
                  ))}
              </Box>
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
    </FaqSection>
  )
}
