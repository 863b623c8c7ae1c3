import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import { useQueryClient } from '@tanstack/react-query'
import { effectiveRole } from '@teplo/domain'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { AppearanceSection } from '../../features/account/components/appearance-section'
import { DeleteAccountSection } from '../../features/account/components/delete-account-section'
import { EmailForm } from '../../features/account/components/email-form'
import { LanguageSettings } from '../../features/account/components/language-settings'
import { NameForm } from '../../features/account/components/name-form'
import { NotificationSettings } from '../../features/account/components/notification-settings'
import { PasswordForm } from '../../features/account/components/password-form'
import { SettingsSection } from '../../features/account/components/settings-section'
import { UpcomingSettings } from '../../features/account/components/upcoming-settings'
import { ApiTokensSection } from '../../features/api-tokens/components/api-tokens-section'
import { profileQueryKey, useProfile } from '../../features/auth/api/get-profile'
import { HomeAssistantSection } from '../../features/home-assistant/components/home-assistant-section'
import { PushNotifications } from '../../features/push/components/push-notifications'
import { SessionsSection } from '../../features/sessions/components/sessions-section'
import { SecuritySettingsSection } from '../../features/two-factor/components/security-settings-section'
import { TwoFactorSection } from '../../features/two-factor/components/two-factor-section'
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section'
import { useRememberAccountLanguage } from '../account-language'

// Offers of access or ownership addressed to this account (ADR 018), with their own strings.
const PendingInvitations = lazy(() => import('../../features/sharing/components/pending-invitations'))

export function AccountSettingsRoute() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile()
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQueryKey })
  const rememberLanguage = useRememberAccountLanguage()
  const {
    name = '',
    email = '',
    email_verified_at = null,
    pending_email = null,
    two_factor = { enabled: false, totp: false, recovery_codes_left: 0, passkeys: 0, required: false },
  } = profile.data ?? {}
  return (
    <>
      <PageHeader title={t('routes.accountSettings')} />
      {two_factor.required && !two_factor.enabled && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('twoFactor.policy.requiredAlert')}
        </Alert>
      )}
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
          <EmailForm
            email={email}
            verifiedAt={email_verified_at}
            pendingEmail={pending_email}
            onChanged={refreshProfile}
          />
          <LanguageSettings onSaved={rememberLanguage} />
          <SettingsSection title={t('push.title')} description={t('push.description')}>
            <PushNotifications />
          </SettingsSection>
          <AppearanceSection />
          <SettingsSection title={t('webhooks.title')} description={t('webhooks.description')}>
            <WebhooksSection />
          </SettingsSection>
          <SettingsSection title={t('homeAssistant.title')} description={t('homeAssistant.description')}>
            <HomeAssistantSection />
          </SettingsSection>
        </Stack>
        <Stack spacing={3}>
          <PasswordForm />
          <SettingsSection title={t('twoFactor.title')} description={t('twoFactor.description')}>
            <TwoFactorSection status={two_factor} onChanged={refreshProfile} />
          </SettingsSection>
          {profile.data && effectiveRole(profile.data.roles) === 'admin' && (
            <SettingsSection
              title={t('twoFactor.policy.title')}
              description={t('twoFactor.policy.description')}
            >
              <SecuritySettingsSection />
            </SettingsSection>
          )}
          <SettingsSection title={t('sessions.title')} description={t('sessions.description')}>
            <SessionsSection />
          </SettingsSection>
          <SettingsSection title={t('apiTokens.title')} description={t('apiTokens.description')}>
            <ApiTokensSection />
          </SettingsSection>
          <Suspense fallback={null}>
            <PendingInvitations />
          </Suspense>
          <NotificationSettings />
          <UpcomingSettings />
          <DeleteAccountSection />
        </Stack>
      </Box>
    </>
  )
}
