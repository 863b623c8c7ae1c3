import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { TextInput } from '../../../components/ui/text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { useCheckPassword } from '../../../lib/check-password'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useUpdateProfile } from '../api/update-profile'
import { type EmailChangeData, type EmailChangeInput, emailChangeSchema } from '../utils/email-change-schema'
import { EmailVerificationStatus } from './email-verification-status'
import { SettingsSection } from './settings-section'

const EMPTY = { current_password: '', email: '' }
const FIELDS = ['current_password', 'email'] as const

type Props = {
  email: string
  verifiedAt: string | null
  pendingEmail: string | null
  onChanged: () => void
}

/**
 * E-mail change, allowed only after the current password has been confirmed; it takes effect when the link mailed
 * to the new address is opened (ADR 034). Above it, whether the current address is proven.
 */
export function EmailForm({ email, verifiedAt, pendingEmail, onChanged }: Props) {
  const { t } = useTranslation()
  const toast = useToast()
  const check = useCheckPassword()
  const update = useUpdateProfile(onChanged)
  const { control, handleSubmit, setError, reset } = useForm<EmailChangeInput, unknown, EmailChangeData>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: EMPTY,
  })

  const failed = (error: unknown) => {
    const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {}
    if (!applyFieldErrors(fieldErrors, setError, FIELDS)) toast.error(t('account.email.failed'))
  }

  const submit = handleSubmit(async (values) => {
    try {
      await check.mutateAsync(values.current_password)
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        setError(
          'current_password',
          { type: 'server', message: t('account.wrongPassword') },
          { shouldFocus: true },
        )
      } else failed(error)
      return
    }
    update.mutate(values, {
      onSuccess: () => {
        reset(EMPTY)
        toast.success(t('account.email.sent', { email: values.email.trim().toLowerCase() }))
      },
      onError: failed,
    })
  })

  return (
    <SettingsSection title={t('account.email.title')} description={t('account.email.hint')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextInput label={t('account.email.current')} value={email} readOnly type="email" />
        <EmailVerificationStatus
          email={email}
          verifiedAt={verifiedAt}
          pendingEmail={pendingEmail}
          onChanged={onChanged}
        />
        <FormTextInput
          control={control}
          name="current_password"
          label={t('account.currentPassword')}
          autoComplete="current-password"
          reveal={{ show: t('account.showPassword'), hide: t('account.hidePassword') }}
        />
        <FormTextInput
          control={control}
          name="email"
          label={t('account.email.new')}
          type="email"
          autoComplete="email"
        />
        <Button
          type="submit"
          variant="contained"
          loading={check.isPending || update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.email.save')}
        </Button>
      </Stack>
    </SettingsSection>
  )
}
