import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { DeleteAccountSection } from '../../features/account/components/delete-account-section'
import { EmailForm } from '../../features/account/components/email-form'
import { NameForm } from '../../features/account/components/name-form'
import { NotificationSettings } from '../../features/account/components/notification-settings'
import { PasswordForm } from '../../features/account/components/password-form'
import { UpcomingSettings } from '../../features/account/components/upcoming-settings'
import { profileQueryKey, useProfile } from '../../features/auth/api/get-profile'

export function AccountSettingsRoute() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile()
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQueryKey })
  const { name = '', email = '' } = profile.data ?? {}
  return (
    <>
      <PageHeader title={t('routes.accountSettings')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <NameForm name={name} onChanged={refreshProfile} />
          <EmailForm email={email} onChanged={refreshProfile} />
        </Stack>
        <Stack spacing={3}>
          <PasswordForm />
          <NotificationSettings />
          <UpcomingSettings />
          <DeleteAccountSection />
        </Stack>
      </Box>
    </>
  )
}
