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
import { RoleSelect } from './role-select'
import { SectionCard } from './section-card'
import { reportSaveFailure } from './server-errors'
import { SubmitButton } from './submit-button'

/** Name and role; the e-mail is shown read-only and changed in its own form (spec §2). */
export function UserDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const updateUser = useUpdateUser()
  const { control, handleSubmit, setError } = useForm<UserUpdateInput, unknown, UserUpdateData>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { name: user.name, roles: user.role ? [{ type: 'roles', id: user.role.id }] : [] },
  })

  const submit = handleSubmit((values) =>
    updateUser.mutate(
      { id: user.id, changes: { name: values.name, roles: values.roles } },
      {
        onSuccess: () => toast.success(t('users.detailsSaved')),
        onError: (error) => reportSaveFailure(error, setError, ['name', 'roles'], showFailure),
      },
    ),
  )

  return (
    <SectionCard title={t('users.detailsTitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <FormTextInput control={control} name="name" label={t('users.name')} autoComplete="off" />
        <TextInput label={t('users.email')} value={user.email} readOnly sx={{ bgcolor: 'action.hover' }} />
        <RoleSelect control={control} name="roles" />
        <SubmitButton pending={updateUser.isPending}>{t('users.save')}</SubmitButton>
      </Stack>
    </SectionCard>
  )
}
