import { zodResolver } from '@hookform/resolvers/zod'
import Stack from '@mui/material/Stack'
import { type UserUpdateData, type UserUpdateInput, userUpdateSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { TextInput } from '../../../components/ui/text-input'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { useUpdateUser } from '../api/update-user'
import type { User } from '../api/user-document'
import { SectionCard } from './section-card'
import { reportSaveFailure } from './server-errors'
import { SubmitButton } from './submit-button'

/** Changes the user's sign-in e-mail; a taken address is reported under the input. */
export function UserEmailForm({ user }: { user: User }) {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const updateUser = useUpdateUser()
  const { control, handleSubmit, setError, reset } = useForm<UserUpdateInput, unknown, UserUpdateData>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { email: '' },
  })

  const submit = handleSubmit(({ email }) =>
    updateUser.mutate(
      { id: user.id, changes: { email } },
      {
        onSuccess: () => {
          reset()
          toast.success(t('users.emailSaved'))
        },
        onError: (error) => reportSaveFailure(error, setError, ['email'], showFailure),
      },
    ),
  )

  return (
    <SectionCard title={t('users.emailTitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <TextInput
          label={t('users.currentEmail')}
          value={user.email}
          readOnly
          sx={{ bgcolor: 'action.hover' }}
        />
        <FormTextInput
          control={control}
          name="email"
          label={t('users.newEmail')}
          type="email"
          autoComplete="off"
        />
        <SubmitButton pending={updateUser.isPending}>{t('users.save')}</SubmitButton>
      </Stack>
    </SectionCard>
  )
}
