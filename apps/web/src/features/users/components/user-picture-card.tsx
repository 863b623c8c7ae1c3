import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { useUpdateUser } from '../api/update-user'
import { ATTACHMENT_FIELD, useUploadProfileImage } from '../api/upload-profile-image'
import type { User } from '../api/user-document'
import { ProfilePictureField } from './profile-picture-field'
import { SectionCard } from './section-card'

interface UserPictureCardProps {
  user: User
  /** Why the upload right after creating the user failed, if it did. */
  initialError?: string
}

/** Changes take effect at once: a chosen picture is uploaded, a removed one is cleared on the server. */
export function UserPictureCard({ user, initialError }: UserPictureCardProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const upload = useUploadProfileImage()
  const updateUser = useUpdateUser()
  const [error, setError] = useState(initialError)

  const select = (file: File) =>
    upload.mutate(
      { userId: user.id, file },
      {
        onSuccess: () => {
          setError(undefined)
          toast.success(t('users.pictureSaved'))
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiRequestError ? failure.fieldErrors[ATTACHMENT_FIELD] : undefined
          if (message) setError(message)
          else showFailure(failure)
        },
      },
    )

  const remove = () =>
    updateUser.mutate(
      { id: user.id, changes: { profile_image: null } },
      {
        onSuccess: () => {
          setError(undefined)
          toast.success(t('users.pictureRemoved'))
        },
        onError: showFailure,
      },
    )

  return (
    <SectionCard>
      <ProfilePictureField
        imageUrl={user.profileImage}
        alt={t('users.pictureAlt', { name: user.name })}
        onSelect={select}
        onRemove={remove}
        error={error}
        busy={upload.isPending || updateUser.isPending}
      />
    </SectionCard>
  )
}
