import { effectiveRole } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { useProfile } from '../../features/auth/api/get-profile'
import { ServiceScreen } from '../../features/service/components/service-screen'

/** The controller's service parameters (ADR 025): installers and admins change them, everyone else reads. */
export function ServiceRoute() {
  const { t } = useTranslation()
  // The guard has loaded the profile before this screen shows; administrators tune every account's boilers.
  const profile = useProfile()
  const admin = profile.data ? effectiveRole(profile.data.roles) === 'admin' : false
  return (
    <>
      <PageHeader title={t('routes.service')} />
      <ServiceScreen everyone={admin} />
    </>
  )
}
