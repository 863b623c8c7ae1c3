import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-legal.json'

addScreenStrings(strings, () => import('../../../locales/en-legal.json'))

const SECTIONS = ['service', 'rules', 'data', 'email', 'access', 'deletion', 'changes'] as const

/** The terms of use and the privacy notice: a plain page anyone can read, signed in or not. */
export function TermsPage() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography variant="h1">{t('legal.title')}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('legal.updated')}</Typography>
      <Typography>{t('legal.intro')}</Typography>
      {SECTIONS.map((section) => (
        <Card key={section} component="section" aria-labelledby={`terms-${section}`}>
          <CardContent>
            <Typography id={`terms-${section}`} variant="h2" sx={{ mb: 1 }}>
              {t(`legal.sections.${section}.title`)}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
              {t(`legal.sections.${section}.text`)
                .split('\n')
                .map((line) => (
                  <Typography component="li" key={line}>
                    {line}
                  </Typography>
                ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  )
}
