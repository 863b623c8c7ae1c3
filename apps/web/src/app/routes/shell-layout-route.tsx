import { effectiveRole, type Language } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { AppShell } from '../../components/layout/app-shell'
import { menuEntriesFor } from '../../components/layout/menu-entries'
import { LanguageSwitch } from '../../components/ui/language-switch'
import { useToast } from '../../components/ui/toast-context'
import { useUpdateLanguage } from '../../features/account/api/update-language'
import { useProfile } from '../../features/auth/api/get-profile'
import { PublishedPasswordBanner } from '../../features/auth/components/published-password-banner'
import { SessionActions } from '../../features/auth/components/session-actions'
import { useActiveFaultCount } from '../../features/device-errors/api/get-active-fault-count'
import { HelpRequestProvider } from '../../features/help/components/help-request-provider'
import { NotificationBell } from '../../features/notifications/components/notification-bell'
import { endPushOnThisDevice } from '../../features/push/api/end-push-on-this-device'
import { useAccessToken } from '../../lib/auth-token'
import { useAccountLanguage, useRememberAccountLanguage } from '../account-language'

export function ShellLayoutRoute() {
  const token = useAccessToken()
  const profile = useProfile({ enabled: token !== null })
  const signedIn = token !== null && profile.data !== undefined
  // Until the profile is in, a signed-in user sees what every role may open.
  const role = token === null ? null : profile.data ? effectiveRole(profile.data.roles) : 'user'
  const faults = useActiveFaultCount({ enabled: signedIn })
  useAccountLanguage(profile.data)
  const { i18n } = useTranslation()
  const toast = useToast()
  const saveLanguage = useUpdateLanguage(useRememberAccountLanguage())
  // Signed in, the top bar's choice is the account's too (its e-mails and pushes); signed out, this browser's.
  const storeOnAccount = (language: Language) =>
    saveLanguage.mutate(language, { onError: () => toast.error(i18n.t('account.language.failed')) })
  return (
    <HelpRequestProvider>
      <AppShell
        sessionActions={
          <>
            <LanguageSwitch onChosen={signedIn ? storeOnAccount : undefined} />
            <NotificationBell enabled={signedIn} />
            <SessionActions beforeSignOut={endPushOnThisDevice} />
          </>
        }
        menuEntries={menuEntriesFor(role)}
        menuCounts={faults === undefined ? undefined : { itemErrors: faults }}
      >
        <PublishedPasswordBanner enabled={signedIn && role === 'admin'} />
        <Outlet />
      </AppShell>
    </HelpRequestProvider>
  )
}
