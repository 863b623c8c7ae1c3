import { useTranslation } from 'react-i18next'
import { Outlet, useNavigation } from 'react-router'
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
    </>
  )
}
