import { zodResolver } from '@hookform/resolvers/zod'
import Stack from '@mui/material/Stack'
import { type UserUpdateData, type UserUpdateInput, userUpdateSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { useUpdateUser } from '../api/update-user'
import { SectionCard } from './section-card'
import { reportSaveFailure } from './server-errors'
import { SubmitButton } from './submit-button'

/** Sets a new password for the user; their other sessions end on the server. */
export function UserPasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const updateUser = useUpdateUser()
  const { control, handleSubmit, setError, reset } = useForm<UserUpdateInput, unknown, UserUpdateData>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { password: '', password_confirmation: '' },
  })
  const reveal = { show: t('users.showPassword'), hide: t('users.hidePassword') }

  const submit = handleSubmit(({ password, password_confirmation }) =>
    updateUser.mutate(
      { id: userId, changes: { password, password_confirmation } },
      {
        onSuccess: () => {
          reset()
          toast.success(t('users.passwordSaved'))
        },
        onError: (error) =>
          reportSaveFailure(error, setError, ['password', 'password_confirmation'], showFailure),
      },
    ),
  )

  return (
    <SectionCard title={t('users.passwordTitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <NewPasswordFields
          control={control}
          label={t('users.newPassword')}
          confirmationLabel={t('users.passwordConfirmation')}
          reveal={reveal}
        />
        <SubmitButton pending={updateUser.isPending}>{t('users.save')}</SubmitButton>
      </Stack>
    </SectionCard>
  )
}
