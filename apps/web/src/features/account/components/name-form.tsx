import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type ProfileNameData, type ProfileNameInput, profileNameSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useUpdateProfile } from '../api/update-profile'
import { SettingsSection } from './settings-section'

export function NameForm({ name, onChanged }: { name: string; onChanged: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdateProfile(onChanged)
  const { control, handleSubmit, setError } = useForm<ProfileNameInput, unknown, ProfileNameData>({
    resolver: zodResolver(profileNameSchema),
    defaultValues: { name },
  })

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(t('account.name.saved')),
      onError: (error) => {
        const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {}
        if (!applyFieldErrors(fieldErrors, setError, ['name'])) toast.error(t('account.name.failed'))
      },
    }),
  )

  return (
    <SettingsSection title={t('account.name.title')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <FormTextInput control={control} name="name" label={t('account.name.label')} autoComplete="name" />
        <Button type="submit" variant="contained" loading={update.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('account.save')}
        </Button>
      </Stack>
    </SettingsSection>
  )
}
