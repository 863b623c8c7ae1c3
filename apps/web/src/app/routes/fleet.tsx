import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { FleetScreen } from '../../features/fleet/components/fleet-screen'

/** The installer's fleet view (creators and admins, ADR 018). */
export function FleetRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('routes.fleet')} />
      <FleetScreen />
    </>
  )
}
