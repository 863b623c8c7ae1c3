import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { FaqManuals } from './faq-manuals'
import { FaqQuestions } from './faq-questions'
import { FaqVideos } from './faq-videos'
import { SupportContacts } from './support-contacts'

/** The help page /pages/faq (spec §1): videos, manuals, support contacts and the FAQ. */
export function FaqPage() {
  const { t } = useTranslation()
  return (
    <Stack spacing={4} sx={{ maxWidth: 960 }}>
      <div>
        <Typography variant="h1">{t('routes.faq')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('help.page.intro')}</Typography>
      </div>
      <FaqQuestions />
      <FaqVideos />
      <FaqManuals />
      <SupportContacts />
    </Stack>
  )
}
