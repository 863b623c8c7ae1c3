import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormLabel from '@mui/material/FormLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { ALARM_KINDS, alarmKindLabel, type NotificationSettingsPatch } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { addScreenStrings, currentLanguage } from '../../../lib/i18n'
import strings from '../../../locales/uk-alarms.json'
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings'
import { SettingsSection } from './settings-section'

addScreenStrings(strings, () => import('../../../locales/en-alarms.json'))

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

/** Which alarms notify the account, where, and when not (quiet hours on the Kyiv clock); saved as changed. */
export function NotificationSettings() {
  const { t } = useTranslation()
  const settings = useNotificationSettings()
  const update = useUpdateNotificationSettings()
  const attributes = settings.data?.data.attributes
  const save = (patch: NotificationSettingsPatch) => update.mutate(patch)
  const body = !attributes ? (
    <LoadingStatus>{t('alarms.settings.loading')}</LoadingStatus>
  ) : (
    <Stack spacing={2}>
      <FormGroup>
        <FormLabel component="legend">{t('alarms.settings.kinds')}</FormLabel>
        {ALARM_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            label={alarmKindLabel(kind, currentLanguage())}
            control={
              <Switch
                checked={attributes.kinds[kind]}
                onChange={(_e, on) => save({ kinds: { [kind]: on } })}
              />
            }
          />
        ))}
      </FormGroup>
      <FormGroup>
        <FormLabel component="legend">{t('alarms.settings.channels')}</FormLabel>
        <FormControlLabel
          label={t('alarms.settings.email')}
          control={
            <Switch
              checked={attributes.channels.email}
              onChange={(_e, on) => save({ channels: { email: on } })}
            />
          }
        />
        <FormControlLabel
          label={t('alarms.settings.push')}
          control={
            <Switch
              checked={attributes.channels.push}
              onChange={(_e, on) => save({ channels: { push: on } })}
            />
          }
        />
      </FormGroup>
      <FormGroup>
        <FormLabel component="legend">{t('alarms.settings.quiet')}</FormLabel>
        <FormControlLabel
          label={t('alarms.settings.quietEnabled')}
          control={
            <Switch
              checked={attributes.quiet_hours.enabled}
              onChange={(_e, on) => save({ quiet_hours: { enabled: on } })}
            />
          }
        />
        <Stack direction="row" sx={{ gap: 2, mt: 1, flexWrap: 'wrap' }}>
          {(['start', 'end'] as const).map((edge) => (
            <TextField
              key={`${edge}-${attributes.quiet_hours[edge]}`}
              type="time"
              label={t(edge === 'start' ? 'alarms.settings.quietStart' : 'alarms.settings.quietEnd')}
              defaultValue={attributes.quiet_hours[edge]}
              disabled={!attributes.quiet_hours.enabled}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
              sx={{ width: '9rem' }}
              onBlur={(event) => {
                const value = event.target.value
                if (CLOCK.test(value) && value !== attributes.quiet_hours[edge])
                  save({ quiet_hours: { [edge]: value } })
              }}
            />
          ))}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('alarms.settings.quietHint')}
        </Typography>
      </FormGroup>
      <Typography
        variant="body2"
        role="status"
        sx={{ color: update.isError ? 'error.main' : 'text.secondary', minHeight: '1.5em' }}
      >
        {update.isError ? t('alarms.settings.failed') : update.isSuccess ? t('alarms.settings.saved') : ''}
      </Typography>
    </Stack>
  )
  return (
    <SettingsSection title={t('alarms.settings.title')} description={t('alarms.settings.text')}>
      {body}
    </SettingsSection>
  )
}
