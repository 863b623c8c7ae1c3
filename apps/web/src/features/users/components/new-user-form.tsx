import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import { type UserCreateData, type UserCreateInput, userCreateSchema } from '@teplo/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'
import { useCreateUser } from '../api/create-user'
import { ATTACHMENT_FIELD, useUploadProfileImage } from '../api/upload-profile-image'
import { useObjectUrl } from './picture-file'
import { ProfilePictureField } from './profile-picture-field'
import { RoleSelect } from './role-select'
import { reportSaveFailure } from './server-errors'
import { SubmitButton } from './submit-button'

const SERVER_FIELDS = ['name', 'email', 'password', 'password_confirmation', 'roles'] as const

/** What the edit screen shows under the picture when the upload after creation failed. */
export interface PictureFailureState {
  pictureError: string
}

/** New user with picture, name, email, role and password; the picture is uploaded once the user exists. */
export function NewUserForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const showFailure = useFailureToast()
  const createUser = useCreateUser()
  const uploadPicture = useUploadProfileImage()
  const [picture, setPicture] = useState<File | null>(null)
  const preview = useObjectUrl(picture)
  const { control, handleSubmit, setError, formState } = useForm<UserCreateInput, unknown, UserCreateData>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { name: '', email: '', roles: [], password: '', password_confirmation: '' },
  })
  const reveal = { show: t('users.showPassword'), hide: t('users.hidePassword') }

  const submit = handleSubmit(async (values) => {
    let userId: string
    try {
      userId = (await createUser.mutateAsync(values)).data.id
    } catch (error) {
      return reportSaveFailure(error, setError, SERVER_FIELDS, showFailure)
    }
    toast.success(t('users.added'))
    if (!picture) return navigate('/users/list')
    try {
      await uploadPicture.mutateAsync({ userId, file: picture })
      navigate('/users/list')
    } catch (error) {
      // The user exists now: the picture can be fixed on their edit screen, where the reason is shown.
      const attachment = error instanceof ApiRequestError ? error.fieldErrors[ATTACHMENT_FIELD] : undefined
      const pictureError =
        attachment ?? failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })
      navigate(`/users/edit/${userId}`, { state: { pictureError } satisfies PictureFailureState })
    }
  })

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
          <ProfilePictureField
            imageUrl={preview}
            alt={t('users.picture')}
            onSelect={setPicture}
            onRemove={() => setPicture(null)}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <FormTextInput control={control} name="name" label={t('users.name')} autoComplete="off" />
            <FormTextInput
              control={control}
              name="email"
              label={t('users.email')}
              type="email"
              autoComplete="off"
            />
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>
              <RoleSelect control={control} name="roles" />
            </Box>
            <NewPasswordFields
              control={control}
              label={t('users.password')}
              confirmationLabel={t('users.passwordConfirmation')}
              reveal={reveal}
            />
          </Box>
          <SubmitButton pending={formState.isSubmitting}>{t('users.create')}</SubmitButton>
        </Stack>
      </CardContent>
    </Card>
  )
}
