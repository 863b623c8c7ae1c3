import EmailRounded from '@mui/icons-material/EmailRounded'
import PhoneRounded from '@mui/icons-material/PhoneRounded'
import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useSupportContacts } from '../api/get-support-contacts'
import { FaqSection } from './faq-section'

/** Support phone and e-mail as the server is configured (SUPPORT_PHONE, SUPPORT_EMAIL). */
export function SupportContacts() {
  const { t } = useTranslation()
  const contacts = useSupportContacts()
  return (
    <FaqSection title={t('help.contacts.title')}>
      {contacts.isPending && <Typography role="status">{t('app.loading')}</Typography>}
      {contacts.isError && <Alert severity="warning">{t('help.contacts.failed')}</Alert>}
      {contacts.data && (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PhoneRounded aria-hidden sx={{ color: 'primary.main' }} />
            <Typography>
              {`${t('help.contacts.phone')}: `}
              <Link href={`tel:${contacts.data.phone.replace(/[^\d+]/g, '')}`}>{contacts.data.phone}</Link>
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <EmailRounded aria-hidden sx={{ color: 'primary.main' }} />
            <Typography>
              {`${t('help.contacts.email')}: `}
              <Link href={`mailto:${contacts.data.email}`}>{contacts.data.email}</Link>
            </Typography>
          </Stack>
        </Stack>
      )}
    </FaqSection>
  )
}
