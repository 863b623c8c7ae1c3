import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { NavigationProgress } from '../../components/ui/navigation-progress'
import { useDocumentTitle } from '../route-title'

export function RootLayout() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  useDocumentTitle()
  return (
    <>
      {navigation.state === 'loading' && <NavigationProgress label={t('app.loading')} />}
      <Outlet />
      {/* Another screen opens at its top, its title in sight below the top bar; a screen's own links (the
          dashboard's device, a list's page) keep the place, and going back returns to it. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  )
}
