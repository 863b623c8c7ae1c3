import { effectiveRole } from '@teplo/domain'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LoadingStatus } from '../../components/ui/loading-status'
import { PageHeader } from '../../components/ui/page-header'
import { SectionBoundary } from '../../components/ui/section-boundary'
import { useProfile } from '../../features/auth/api/get-profile'
import { addScreenStrings } from '../../lib/i18n'
import strings from '../../locales/uk-pellets.json'

addScreenStrings(strings, () => import('../../locales/en-pellets.json'))

// ECharts comes with the screen's chart, loaded only here.
const FuelScreen = lazy(() => import('../../features/pellets/components/fuel-screen'))

/** «Паливо та обслуговування» of one boiler (ADR 057, 059). */
export function ItemFuelRoute() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  // The role says whether an installer may change the maintenance intervals (the `commission` ability).
  const profile = useProfile()
  return (
    <>
      <PageHeader title={t('routes.itemFuel')} />
      <SectionBoundary message={t('pellets.loadFailed')} reloadLabel={t('errors.reload')}>
        <Suspense fallback={<LoadingStatus>{t('pellets.loading')}</LoadingStatus>}>
          <FuelScreen key={id} itemId={id} role={effectiveRole(profile.data?.roles)} />
        </Suspense>
      </SectionBoundary>
    </>
  )
}
