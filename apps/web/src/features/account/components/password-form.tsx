import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type ProfilePasswordData, type ProfilePasswordInput, profilePasswordSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useUpdateProfile } from '../api/update-profile'
import { SettingsSection } from './settings-section'

const EMPTY = { current_password: '', password: '', password_confirmation: '' }
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const

export function PasswordForm() {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdateProfile()
  const { control, handleSubmit, setError, reset } = useForm<
    ProfilePasswordInput,
    unknown,
    ProfilePasswordData
  >({ resolver: zodResolver(profilePasswordSchema), defaultValues: EMPTY })
  const reveal = { show: t('account.showPassword'), hide: t('account.hidePassword') }

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        reset(EMPTY)
        toast.success(t('account.password.saved'))
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {}
        if (!applyFieldErrors(fieldErrors, setError, FIELDS)) toast.error(t('account.password.failed'))
      },
    }),
  )

  return (
    <SettingsSection title={t('account.password.title')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <FormTextInput
          control={control}
          name="current_password"
          label={t('account.currentPassword')}
          autoComplete="current-password"
          reveal={reveal}
        />
        <NewPasswordFields
          control={control}
          label={t('account.password.new')}
          confirmationLabel={t('account.password.confirm')}
          hint={t('account.password.hint')}
          reveal={reveal}
        />
        <Button type="submit" variant="contained" loading={update.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('account.password.save')}
        </Button>
      </Stack>
    </SettingsSection>
  )
}
