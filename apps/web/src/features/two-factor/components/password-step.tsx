import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../components/ui/password-field'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'

/** The server's word on a refused password: the field's message, or what the call said. */
export function usePasswordRefusal() {
  const { t } = useTranslation()
  return (failure: unknown) =>
    (failure instanceof ApiRequestError ? failure.fieldErrors.current_password : undefined) ??
    failureMessage(failure, { generic: t('errors.generic'), network: t('errors.network') })
}

interface PasswordStepProps {
  value: string
  onChange: (value: string) => void
  error: string | null
}

/** The current password, asked before two-factor sign-in is turned on or off. */
export function PasswordStep({ value, onChange, error }: PasswordStepProps) {
  const { t } = useTranslation()
  return (
    <PasswordField
      label={t('twoFactor.password')}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      showLabel={t('auth.login.showPassword')}
      hideLabel={t('auth.login.hidePassword')}
      error={error !== null}
      helperText={error ?? undefined}
      autoFocus
    />
  )
}
