import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../../../components/ui/text-input'
import { SettingsSection } from './settings-section'

// Alarm notifications are real now (NotificationSettings); these two are not.
const NOTIFICATIONS = ['notifySettings', 'notifyNews'] as const

/** Phone and notifications are not built yet (spec §2): shown, disabled and marked as such. */
export function UpcomingSettings() {
  const { t } = useTranslation()
  return (
    <SettingsSection
      title={t('account.soon.title')}
      description={t('account.soon.text')}
      badge={<Chip label={t('account.soon.badge')} size="small" color="info" variant="outlined" />}
    >
      <Stack spacing={1.5}>
        <TextInput label={t('account.soon.phone')} type="tel" disabled value="" />
        {NOTIFICATIONS.map((key) => (
          <FormControlLabel
            key={key}
            label={t(`account.soon.${key}`)}
            control={<Switch disabled />}
            disabled
          />
        ))}
      </Stack>
    </SettingsSection>
  )
}
