import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { failureMessage } from '../../../lib/failure-message'
import { useRequireTwoFactor, useSecuritySettings } from '../api/security-settings'

/** The administrators' switch: admins and installers must have a second factor (ADR 041). Placed for admins by app/. */
export function SecuritySettingsSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const settings = useSecuritySettings()
  const change = useRequireTwoFactor()
  return (
    <FormControlLabel
      label={t('twoFactor.policy.requireLabel')}
      disabled={settings.data === undefined || change.isPending}
      control={
        <Switch
          checked={settings.data ?? false}
          onChange={(event) =>
            change.mutate(event.target.checked, {
              onError: (error) =>
                toast.error(
                  failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') }),
                ),
            })
          }
        />
      }
    />
  )
}
