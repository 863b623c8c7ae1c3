import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { ServiceScreen } from '../../features/service/components/service-screen'

/** The controller's service parameters (ADR 025): installers and admins change them, everyone else reads. */
export function ServiceRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('routes.service')} />
      <ServiceScreen />
    </>
  )
}
