import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import { LoadFailure } from '../../components/ui/load-failure'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useUser } from '../../features/users/api/get-user'
import { DeleteUserCard } from '../../features/users/components/delete-user-card'
import type { PictureFailureState } from '../../features/users/components/new-user-form'
import { UserDetailsForm } from '../../features/users/components/user-details-form'
import { UserEmailForm } from '../../features/users/components/user-email-form'
import { UserPasswordForm } from '../../features/users/components/user-password-form'
import { UserPictureCard } from '../../features/users/components/user-picture-card'

/** /users/edit/:id: details, picture, e-mail, password and account deletion, each saved on its own. */
export function UserEditRoute() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const location = useLocation()
  const pictureError = (location.state as Partial<PictureFailureState> | null)?.pictureError
  const user = useUser(id)

  let content = <PageLoader />
  if (user.isError) content = <LoadFailure error={user.error} onRetry={() => user.refetch()} />
  else if (user.data) {
    content = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' } }}>
        <Stack spacing={3}>
          <UserPictureCard user={user.data} initialError={pictureError} />
          <UserDetailsForm key={user.data.id} user={user.data} />
        </Stack>
        <Stack spacing={3}>
          <UserEmailForm user={user.data} />
          <UserPasswordForm userId={user.data.id} />
        </Stack>
        <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
          <DeleteUserCard userId={user.data.id} name={user.data.name} />
        </Box>
      </Box>
    )
  }

  return (
    <>
      <PageHeader title={t('routes.usersEdit')} back={{ to: '/users/list', label: t('users.back') }} />
      {content}
    </>
  )
}
